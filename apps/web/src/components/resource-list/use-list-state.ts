import { useCallback, useMemo, useState } from 'react';
import {
  type ListPreferences,
  readListPreferences,
  type SortDirection,
  writeListPreferences,
} from '../../lib/list-preferences.ts';
import { useDebouncedSearch } from '../../lib/search-rule.ts';
import { type ActiveFilter, isActiveOf, type ListParams } from './list-params.ts';

export type ListStateOptions = {
  /** The key the sort and page size are remembered under: the list's endpoint (`usuario`). */
  endpoint: string;
  defaultSort: { orderBy: string; orderByDirection: SortDirection };
  /** The `orderBy` values the list's columns offer; a remembered one outside them is dropped. */
  sortKeys: readonly string[];
  hasActiveFilter: boolean;
  /** The list's own filters (`organizationId`), held by the page (in its URL); a change goes back to page 1. */
  filters?: Readonly<Record<string, string>>;
  /** The active filter the list opens with (`all` for a list opened on a period's shots, say). */
  initialActiveFilter?: ActiveFilter;
};

const NO_FILTERS: Readonly<Record<string, string>> = {};

/**
 * The list page's state: the remembered sort and page size, the page, the typed search text and the
 * search actually sent (debounced, spec §2), and the active filter. Changing anything but the page
 * goes back to page 1.
 */
export function useListState({
  endpoint,
  defaultSort,
  sortKeys,
  hasActiveFilter,
  filters = NO_FILTERS,
  initialActiveFilter = 'active',
}: ListStateOptions) {
  const [preferences, setPreferences] = useState<ListPreferences>(() =>
    readListPreferences(endpoint, defaultSort, sortKeys),
  );
  const [page, setPage] = useState(1);
  const [searchText, setSearchTextState] = useState('');
  const [activeFilter, setActiveFilterState] = useState<ActiveFilter>(initialActiveFilter);
  const search = useDebouncedSearch(searchText);
  const [appliedSearch, setAppliedSearch] = useState(search);
  // A new search starts at page 1; compared during render so the old page is never requested.
  if (appliedSearch !== search) {
    setAppliedSearch(search);
    setPage(1);
  }
  // The same for a filter: compared by value, since a page builds its filters afresh on each render.
  const filterKey = JSON.stringify(filters);
  const [appliedFilters, setAppliedFilters] = useState(filterKey);
  if (appliedFilters !== filterKey) {
    setAppliedFilters(filterKey);
    setPage(1);
  }

  const updatePreferences = useCallback(
    (next: ListPreferences) => {
      setPreferences(next);
      setPage(1);
      writeListPreferences(endpoint, next);
    },
    [endpoint],
  );

  const params: ListParams = useMemo(
    () => ({
      page,
      perPage: preferences.perPage,
      search,
      ...(hasActiveFilter ? { isActive: isActiveOf(activeFilter) } : {}),
      orderBy: preferences.orderBy,
      orderByDirection: preferences.orderByDirection,
      ...(filterKey === '{}' ? {} : { filters: JSON.parse(filterKey) as Record<string, string> }),
    }),
    [page, preferences, search, hasActiveFilter, activeFilter, filterKey],
  );

  return {
    params,
    searchText,
    activeFilter,
    setSearchText: setSearchTextState,
    setPage,
    setActiveFilter: (filter: ActiveFilter) => {
      setActiveFilterState(filter);
      setPage(1);
    },
    setPerPage: (perPage: number) => updatePreferences({ ...preferences, perPage }),
    setSort: (orderBy: string, orderByDirection: SortDirection) =>
      updatePreferences({ ...preferences, orderBy, orderByDirection }),
  };
}
