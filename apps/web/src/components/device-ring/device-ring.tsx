import { DEVICE_SLOTS } from '@scentia/shared/devices.schemas';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveAroundRing, slotPosition } from './ring-geometry.ts';
import './device-ring.css';

/** A configured slot as the ring names it. */
export type RingEntry = { slot: number; fragranceName: string };

type DeviceRingProps = {
  collection: readonly RingEntry[];
  selectedSlot: number | null;
  onSelect: (slot: number) => void;
  /** Slots whose fragrance sits in another slot too: marked, and named so in their labels. */
  clashingSlots?: ReadonlyMap<number, readonly number[]>;
  /** Slots a quiz answer holds: marked with a lock, and named so in their labels. */
  lockedSlots?: ReadonlySet<number>;
  disabled?: boolean;
};

export const RING_SLOTS = Array.from({ length: DEVICE_SLOTS }, (_, index) => index + 1);

// Arrow keys walk the ring one slot at a time; Home and End jump to its first and last slot.
const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The device's 20 slots drawn as a ring (spec §9), where a campaign's collection is edited (its form's
 * device editor; `DeviceRingLevels` draws a device's capsules on the same ring, read-only), slot 1 at the top and the numbers running
 * clockwise. The ring is one tab stop (roving tabindex): the arrow keys move around it, Enter or
 * Space selects the focused slot. The slot under the pointer or the keyboard focus is named, with its
 * fragrance, in the ring's centre (and to assistive technology by its label).
 */
export function DeviceRing({
  collection,
  selectedSlot,
  onSelect,
  clashingSlots,
  lockedSlots,
  disabled,
}: DeviceRingProps) {
  const { t } = useTranslation('device-ring');
  const [focusSlot, setFocusSlot] = useState(selectedSlot ?? 1);
  // The centre names the slot under the pointer, else the focused one while the ring has focus: the
  // two are kept apart so that leaving a slot with the pointer falls back to the focused slot.
  const [hoveredSlot, setHoveredSlot] = useState<number | null>(null);
  const [focusedSlot, setFocusedSlot] = useState<number | null>(null);
  const shownSlot = hoveredSlot ?? focusedSlot;
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const bySlot = new Map(collection.map((entry) => [entry.slot, entry]));
  const labelOf = (slot: number) => {
    const entry = bySlot.get(slot);
    if (!entry) return t('editor.slotEmpty', { slot });
    const notes = [
      clashingSlots?.has(slot) ? t('editor.clash') : undefined,
      lockedSlots?.has(slot) ? t('editor.locked') : undefined,
    ].filter(Boolean);
    const label = t('editor.slotFilled', { slot, name: entry.fragranceName });
    return notes.length > 0 ? `${label} (${notes.join('; ')})` : label;
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next: number | undefined;
    if (event.key in STEPS) next = moveAroundRing(focusSlot, STEPS[event.key] ?? 0);
    if (event.key === 'Home') next = 1;
    if (event.key === 'End') next = DEVICE_SLOTS;
    if (next === undefined) return;
    event.preventDefault();
    setFocusSlot(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div className="device-ring-wrapper">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset cannot lay the slots out as a ring */}
      <div className="device-ring" role="group" aria-label={t('editor.label')} onKeyDown={onKeyDown}>
        {RING_SLOTS.map((slot) => {
          const entry = bySlot.get(slot);
          const label = labelOf(slot);
          const position = slotPosition(slot);
          const state = slot === selectedSlot ? 'selected' : entry ? 'filled' : 'empty';
          return (
            <button
              key={slot}
              ref={(element) => {
                if (element) buttons.current.set(slot, element);
                else buttons.current.delete(slot);
              }}
              type="button"
              className={[
                'device-slot',
                `device-slot-${state}`,
                clashingSlots?.has(slot) ? 'device-slot-clash' : '',
                lockedSlots?.has(slot) ? 'device-slot-locked' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              style={{ left: `${position.left * 100}%`, top: `${position.top * 100}%` }}
              tabIndex={slot === focusSlot ? 0 : -1}
              aria-label={label}
              aria-pressed={slot === selectedSlot}
              title={label}
              disabled={disabled}
              onFocus={() => {
                setFocusSlot(slot);
                setFocusedSlot(slot);
              }}
              onBlur={() => setFocusedSlot(null)}
              onMouseEnter={() => setHoveredSlot(slot)}
              onMouseLeave={() => setHoveredSlot(null)}
              onClick={() => {
                setFocusSlot(slot);
                onSelect(slot);
              }}
            >
              {slot}
            </button>
          );
        })}
        <p className="device-ring-caption" aria-hidden="true">
          {shownSlot === null ? '' : labelOf(shownSlot)}
        </p>
      </div>
      <ul className="device-ring-legend">
        <li>
          <span className="device-legend-swatch device-slot-filled" aria-hidden="true" />
          {t('editor.legendFilled')}
        </li>
        <li>
          <span className="device-legend-swatch device-slot-empty" aria-hidden="true" />
          {t('editor.legendEmpty')}
        </li>
        <li>
          <span className="device-legend-swatch device-slot-selected" aria-hidden="true" />
          {t('editor.legendSelected')}
        </li>
        {lockedSlots && lockedSlots.size > 0 && (
          <li>
            <span className="device-legend-swatch device-slot-filled device-slot-locked" aria-hidden="true" />
            {t('editor.legendLocked')}
          </li>
        )}
      </ul>
    </div>
  );
}
