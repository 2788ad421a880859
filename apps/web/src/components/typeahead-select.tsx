import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSearchable, useDebouncedSearch } from '../lib/search-rule.ts';

export type TypeaheadOption = { value: string; label: string };

/**
 * Where a typeahead's options come from: a feature's `api/` file builds one per endpoint, the way
 * it builds query options for a query.
 */
export type TypeaheadSource = {
  /** Identifies the option source in the query cache (the search is appended). */
  queryKey: QueryKey;
  /** The options matching a search ('' for the first page). */
  fetchOptions: (search: string, signal: AbortSignal) => Promise<TypeaheadOption[]>;
};

type TypeaheadSelectProps = TypeaheadSource & {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The label of the current value while the options do not include it (e.g. a loaded record). */
  valueLabel?: string;
  /** Lets the typed text itself be chosen when nothing matches (spec §5: longer than 2 characters). */
  canCreate?: boolean;
  disabled?: boolean;
  placeholder?: string;
  'aria-required'?: boolean;
  /** The accessible name where no form label names it (a list's filter). */
  'aria-label'?: string;
  className?: string;
  /** How an option reads in the open list (the chosen value always shows its plain label). */
  renderOption?: (option: TypeaheadOption) => ReactNode;
};

const CREATE_MIN_CHARS = 3;

/**
 * A select that searches the server as the user types (spec §5 "Typeahead"): a search runs 500 ms
 * after typing stops, with 3 or more characters (or none, for the first page).
 */
export function TypeaheadSelect({
  queryKey,
  fetchOptions,
  value,
  onChange,
  valueLabel,
  canCreate = false,
  renderOption,
  ...rest
}: TypeaheadSelectProps) {
  const { t } = useTranslation();
  const { text, clearText, query, searchProps } = useTypeaheadSearch(
    { queryKey, fetchOptions },
    !rest.disabled,
  );
  const options = [...(query.data ?? [])];
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: valueLabel ?? value });
  }
  const typed = text.trim();
  const canUseTyped = canCreate && typed.length >= CREATE_MIN_CHARS;
  const sameText = (option: TypeaheadOption) =>
    option.label.toLocaleLowerCase() === typed.toLocaleLowerCase();
  const exact = canUseTyped ? options.find(sameText) : undefined;
  if (canUseTyped) {
    // The text as typed comes first, also while its search is pending (Enter and Tab take the first
    // option, which would otherwise be a match of the previous search); the matches follow, still
    // offered for reuse.
    const first = exact ?? { value: typed, label: t('typeahead.use', { text: typed }) };
    options.splice(0, options.length, first, ...options.filter((option) => option !== first));
  }

  function choose(next: string | null) {
    clearText();
    onChange?.(next ?? null);
  }

  return (
    <Select<string | null, TypeaheadOption>
      {...rest}
      value={value ?? null}
      onChange={choose}
      // A new text counts once typed: leaving the field takes it as if "Use …" had been picked.
      onBlur={() => {
        if (canUseTyped) choose(exact?.value ?? typed);
      }}
      options={options}
      optionRender={renderOption && ((option) => renderOption(option.data))}
      {...searchProps}
    />
  );
}

/**
 * What every typeahead does with `source`: the typed text, its search 500 ms after typing stops (3
 * characters or none), asked only while the list is open and `isEnabled`; and the select's props for it
 * (the text as the search, the loading state and the not-found text of each moment).
 */
export function useTypeaheadSearch(source: TypeaheadSource, isEnabled: boolean) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedSearch(text);
  const [isOpen, setOpen] = useState(false);
  const query = useQuery({
    queryKey: [...source.queryKey, search],
    queryFn: ({ signal }) => source.fetchOptions(search, signal),
    enabled: isOpen && isEnabled,
    staleTime: 10 * 60_000,
  });
  const isWaiting = text.trim() !== search && isSearchable(text);
  const isBusy = query.isFetching || isWaiting;
  return {
    text,
    clearText: () => setText(''),
    query,
    isWaiting,
    searchProps: {
      showSearch: { filterOption: false, onSearch: setText, searchValue: text },
      onOpenChange: setOpen,
      allowClear: true,
      loading: isBusy,
      notFoundContent: isBusy
        ? t('typeahead.searching')
        : isSearchable(text)
          ? t('typeahead.empty')
          : t('typeahead.minChars'),
    },
  };
}
