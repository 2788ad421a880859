import { Select } from 'antd';
import { useState } from 'react';
import { type TypeaheadOption, useTypeaheadSearch } from '../../../components/typeahead-select.tsx';
import { initiativeLocationOptionsSource } from '../api/initiative-options.ts';

type InitiativeLocationsSelectProps = {
  id?: string;
  /** The organisation whose active locations are offered; none disables the field. */
  organizationId: string | null;
  /** A member is offered their own locations, whatever the organisation field holds. */
  isMember?: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** The names of the locations the record was opened with, until a search answers them. */
  knownLabels: ReadonlyMap<string, string>;
  placeholder?: string;
  'aria-required'?: boolean;
};

/**
 * The initiative's locations: several active locations of its organisation, searched as the person
 * types (spec §5 typeahead: 500 ms after typing stops, 3 characters or none).
 */
export function InitiativeLocationsSelect({
  organizationId,
  isMember = false,
  value,
  onChange,
  knownLabels,
  ...rest
}: InitiativeLocationsSelectProps) {
  const { clearText, query, searchProps } = useTypeaheadSearch(
    initiativeLocationOptionsSource(organizationId),
    organizationId !== null || isMember,
  );
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(knownLabels);
  const options: TypeaheadOption[] = [...(query.data ?? [])];
  for (const chosen of value ?? []) {
    if (!options.some((option) => option.value === chosen)) {
      options.unshift({ value: chosen, label: labels.get(chosen) ?? knownLabels.get(chosen) ?? chosen });
    }
  }

  return (
    <Select<string[], TypeaheadOption>
      {...rest}
      mode="multiple"
      value={value ?? []}
      disabled={organizationId === null && !isMember}
      onChange={(next) => {
        // Remember the chosen names: the next search may not answer them.
        const merged = new Map(labels);
        for (const option of query.data ?? []) merged.set(option.value, option.label);
        setLabels(merged);
        clearText();
        onChange?.(next);
      }}
      options={options}
      {...searchProps}
    />
  );
}
