import { PAGE_SIZES } from '@scentia/shared/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type InitiativeRow, initiativesList } from '../api/list-initiatives.ts';
import { initiativeKeys } from '../api/query-keys.ts';
import type { CalendarRange } from './calendar-range.ts';
import { CALENDAR_LIST_ORDER, type CalendarFilter, filterParams } from './calendar-state.ts';

/** The list contract's largest page (50): the fewest calls for a month. */
const PER_PAGE = Math.max(...PAGE_SIZES);
/** At most this many pages (1,000 initiatives) for one month or week; past it the page says so. */
const MAX_CALENDAR_PAGES = 20;

type CalendarInitiatives = {
  rows: InitiativeRow[];
  /** How many initiatives the period and filter have (more than `rows` when capped). */
  total: number;
  isCapped: boolean;
};

/**
 * Every initiative whose dates overlap the range, under the filter: the first page of 50, then the
 * others side by side (ordered by id, so pages do not shift as new initiatives are added, and a row
 * read twice is kept once).
 */
async function fetchCalendarInitiatives(
  range: CalendarRange,
  filter: CalendarFilter,
  signal?: AbortSignal,
): Promise<CalendarInitiatives> {
  const params = (page: number) => ({
    page,
    perPage: PER_PAGE,
    search: '',
    ...CALENDAR_LIST_ORDER,
    filters: filterParams(filter, range),
  });
  const first = await initiativesList.fetchPage(params(1), signal);
  const pageCount = Math.min(first.totalPages, MAX_CALENDAR_PAGES);
  const rest = await Promise.all(
    Array.from({ length: Math.max(pageCount - 1, 0) }, (_, index) =>
      initiativesList.fetchPage(params(index + 2), signal),
    ),
  );
  const byId = new Map<number, InitiativeRow>();
  for (const row of [first, ...rest].flatMap((page) => page.data)) byId.set(row.initiativeId, row);
  return {
    rows: [...byId.values()],
    total: first.total,
    isCapped: first.totalPages > MAX_CALENDAR_PAGES,
  };
}

export function useCalendarInitiatives(range: CalendarRange, filter: CalendarFilter, isEnabled: boolean) {
  return useQuery({
    // Under the feature's root: any change to an initiative refreshes the calendar too.
    queryKey: [...initiativeKeys.all, 'calendar', range, filter] as const,
    queryFn: ({ signal }) => fetchCalendarInitiatives(range, filter, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
