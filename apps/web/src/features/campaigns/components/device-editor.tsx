import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { fragranceOptionsSource } from '../api/search-fragrances.ts';
import { placeFragrance, type SlotValue } from '../campaign-form-values.ts';
import { DeviceRing } from './device-ring.tsx';
import { SlotTable } from './slot-table.tsx';

type DeviceEditorProps = {
  id?: string;
  value?: SlotValue[];
  onChange?: (value: SlotValue[]) => void;
  disabled?: boolean;
};

const PICKER_ID = 'campaign-slot-fragrance';

/**
 * The device editor, the form's `collection` field: choose a slot on the ring, then a fragrance in the
 * typeahead, and it is placed there; the table lists the configured slots with their shot seconds.
 */
export function DeviceEditor({ id, value = [], onChange, disabled }: DeviceEditorProps) {
  const { t } = useTranslation('campaigns');
  const isDisabled = disabled;
  const [selectedSlot, setSelectedSlot] = useState<number | null>(null);
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

  function place(fragranceId: string | null) {
    if (selectedSlot === null || !fragranceId) return;
    const fragranceName = names.current.get(fragranceId) ?? fragranceId;
    onChange?.(placeFragrance(value, selectedSlot, { fragranceId: Number(fragranceId), fragranceName }));
  }

  return (
    <div className="device-editor" id={id}>
      <DeviceRing
        collection={value}
        selectedSlot={selectedSlot}
        onSelect={setSelectedSlot}
        disabled={isDisabled}
      />
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
                disabled={isDisabled}
                onChange={place}
              />
            </>
          )}
        </div>
        <SlotTable
          collection={value}
          disabled={isDisabled}
          onShotSecondsChange={(slot, shotSeconds) =>
            onChange?.(value.map((entry) => (entry.slot === slot ? { ...entry, shotSeconds } : entry)))
          }
          onClear={(slot) => onChange?.(value.filter((entry) => entry.slot !== slot))}
        />
      </div>
    </div>
  );
}
