import { capsuleLevelPercent } from '@scentia/shared/capsules.schemas';
import { useTranslation } from 'react-i18next';
import { RING_SLOTS } from './device-ring.tsx';
import { slotPosition } from './ring-geometry.ts';
import './device-ring.css';

/** What one slot holds, as a device reported it and its shots counted it down. */
export type RingLevel = {
  slot: number;
  fragranceName: string;
  remainingShots: number;
  sizeShots: number;
  /** The capsule's fragrance is not the one the campaign puts in this slot. */
  isMismatch: boolean;
};

/** Under this share of its size a capsule is drawn as running low. */
const LOW_PERCENT = 10;

/**
 * A device's capsules on the campaign editor's ring, read-only: each slot filled from the bottom up
 * to its capsule's level, a low one in another colour, an empty slot dashed, a capsule of another
 * fragrance than the campaign's ringed. The drawing is one image for assistive technology: the page
 * puts the same facts in a table beside it, and each slot's title says them to the pointer.
 */
export function DeviceRingLevels({ levels }: { levels: readonly RingLevel[] }) {
  const { t } = useTranslation('device-ring');
  const bySlot = new Map(levels.map((level) => [level.slot, level]));
  const labelOf = (slot: number) => {
    const level = bySlot.get(slot);
    if (!level) return t('levels.slotNoCapsule', { slot });
    const text = t('levels.slotLevel', {
      slot,
      name: level.fragranceName,
      remaining: level.remainingShots,
      size: level.sizeShots,
      percent: capsuleLevelPercent(level.remainingShots, level.sizeShots),
    });
    return level.isMismatch ? `${text} (${t('levels.mismatch')})` : text;
  };

  return (
    <div className="device-ring-wrapper">
      <div className="device-ring device-ring-levels" role="img" aria-label={t('levels.label')}>
        {RING_SLOTS.map((slot) => {
          const level = bySlot.get(slot);
          const position = slotPosition(slot);
          const percent = level ? capsuleLevelPercent(level.remainingShots, level.sizeShots) : 0;
          const classes = [
            'device-slot',
            level ? 'device-slot-level' : 'device-slot-empty',
            level && percent < LOW_PERCENT ? 'is-low' : '',
            level?.isMismatch ? 'device-slot-clash' : '',
          ];
          return (
            <span
              key={slot}
              className={classes.filter(Boolean).join(' ')}
              style={{
                left: `${position.left * 100}%`,
                top: `${position.top * 100}%`,
                ['--level' as string]: `${percent}%`,
              }}
              title={labelOf(slot)}
            >
              {slot}
            </span>
          );
        })}
      </div>
      <ul className="device-ring-legend">
        <li>
          <span className="device-legend-swatch device-slot-level" aria-hidden="true" />
          {t('levels.legendLevel')}
        </li>
        <li>
          <span className="device-legend-swatch device-slot-level is-low" aria-hidden="true" />
          {t('levels.legendLow')}
        </li>
        <li>
          <span className="device-legend-swatch device-slot-empty" aria-hidden="true" />
          {t('levels.legendNone')}
        </li>
        <li>
          <span className="device-legend-swatch device-slot-level device-slot-clash" aria-hidden="true" />
          {t('levels.legendMismatch')}
        </li>
      </ul>
    </div>
  );
}
