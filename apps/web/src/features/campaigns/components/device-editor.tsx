import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { NoFormStyle } from 'antd/es/form/context';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceRing } from '../../../components/device-ring/device-ring.tsx';
import type { TypeaheadOption, TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { fragranceRecord } from '../../fragrances/api/get-fragrance.ts';
import { fragranceOptionsSource } from '../../fragrances/api/search-fragrances.ts';
import { clashingSlots, placeFragrance, type SlotValue } from '../campaign-form-values.ts';
import { SlotTable } from './slot-table.tsx';
import './device-editor.css';

type DeviceEditorProps = {
  id?: string;
  value?: SlotValue[];
  onChange?: (value: SlotValue[]) => void;
  disabled?: boolean;
  /**
   * Slots a quiz answer of the campaign holds (spec §4): neither cleared nor refilled, and each says
   * why. The server refuses such a save as well (409 CAMPAIGN_SLOT_HAS_ANSWER).
   */
  lockedSlots?: ReadonlySet<number>;
};

const NO_SLOTS: ReadonlySet<number> = new Set();
const PICKER_ID = 'campaign-slot-fragrance';

/**
 * The device editor, the form's `collection` field: choose a slot on the ring, then a fragrance in the
 * typeahead, and it is placed there; the table lists the configured slots with their shot seconds.
 * A fragrance already in another slot says so in the typeahead; placed twice, both slots are marked.
 */
export function DeviceEditor({
  id,
  value = [],
  onChange,
  disabled,
  lockedSlots = NO_SLOTS,
}: DeviceEditorProps) {
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const isDisabled = disabled;
  const [selectedSlot, setSelectedSlot] = useState<number | null>(null);
  // The collection as it is now, for a thumbnail that arrives after the fragrance was placed.
  const latest = useRef(value);
  latest.current = value;
  // The typeahead answers ids; the names it showed are kept to label the placed slot.
  const names = useRef(new Map<string, string>());
  const source = useMemo<TypeaheadSource>(() => {
    const base = fragranceOptionsSource();
    return {
      queryKey: base.queryKey,
      fetchOptions: async (search, signal) => {
        const options = await base.fetchOptions(search, signal);
        for (const option of options) names.current.set(option.value, option.label);
        return options;
      },
    };
  }, []);
  const selected = value.find((entry) => entry.slot === selectedSlot);
  const isSelectedLocked = selectedSlot !== null && lockedSlots.has(selectedSlot);
  const clashes = clashingSlots(value);
  const slotOf = new Map(value.map((entry) => [String(entry.fragranceId), entry.slot]));

  function renderOption(option: TypeaheadOption) {
    const slot = slotOf.get(option.value);
    return (
      <span className="device-editor-option">
        <span>{option.label}</span>
        {slot !== undefined && slot !== selectedSlot && (
          <span className="device-editor-option-note">{t('form.ring.inSlot', { slot })}</span>
        )}
      </span>
    );
  }

  function place(fragranceId: string | null) {
    if (selectedSlot === null || !fragranceId || lockedSlots.has(selectedSlot)) return;
    const slot = selectedSlot;
    const fragranceName = names.current.get(fragranceId) ?? fragranceId;
    onChange?.(placeFragrance(value, slot, { fragranceId: Number(fragranceId), fragranceName }));
    // The quick search answers names only: the thumbnail comes with the fragrance itself, and goes in
    // if the slot still holds it by then (a failed read leaves the generic icon).
    void queryClient.fetchQuery(fragranceRecord.queryOptions(Number(fragranceId))).then(
      (fragrance) => {
        const thumbnailUri = fragrance.image?.thumbnailUri ?? null;
        const current = latest.current;
        const isStillThere = (entry: SlotValue) =>
          entry.slot === slot && entry.fragranceId === fragrance.fragranceId;
        if (!thumbnailUri || !current.some(isStillThere)) return;
        onChange?.(current.map((entry) => (entry.slot === slot ? { ...entry, thumbnailUri } : entry)));
      },
      () => undefined,
    );
  }

  return (
    <div className="device-editor" id={id}>
      <DeviceRing
        collection={value}
        selectedSlot={selectedSlot}
        onSelect={setSelectedSlot}
        clashingSlots={clashes}
        lockedSlots={lockedSlots}
        disabled={isDisabled}
      />
      {/* The field's error is about the collection as a whole: it must not paint every input red. */}
      <NoFormStyle status>
        <div>
          <div className="device-editor-picker">
            {selectedSlot === null ? (
              <p>{t('form.ring.chooseSlot')}</p>
            ) : (
              <>
                <label htmlFor={PICKER_ID} className="device-editor-picker-label">
                  {t('form.ring.fragranceFor', { slot: selectedSlot })}
                </label>
                <TypeaheadSelect
                  key={selectedSlot}
                  id={PICKER_ID}
                  {...source}
                  value={selected ? String(selected.fragranceId) : null}
                  valueLabel={selected?.fragranceName}
                  placeholder={t('form.ring.fragrancePlaceholder')}
                  disabled={isDisabled || isSelectedLocked}
                  renderOption={renderOption}
                  onChange={place}
                />
                {isSelectedLocked && (
                  <p className="device-editor-locked">
                    <LockOutlined aria-hidden="true" />{' '}
                    {t('form.ring.lockedReason', { slot: selectedSlot, name: selected?.fragranceName })}
                  </p>
                )}
              </>
            )}
          </div>
          <SlotTable
            collection={value}
            clashingSlots={clashes}
            answeredSlots={lockedSlots}
            disabled={isDisabled}
            onShotSecondsChange={(slot, shotSeconds) =>
              onChange?.(value.map((entry) => (entry.slot === slot ? { ...entry, shotSeconds } : entry)))
            }
            onClear={(slot) => {
              if (!lockedSlots.has(slot)) onChange?.(value.filter((entry) => entry.slot !== slot));
            }}
          />
        </div>
      </NoFormStyle>
    </div>
  );
}
