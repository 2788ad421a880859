import { STORAGE_DEFAULT_TTL_MS } from '@scentia/shared/constants';
import { INITIATIVE_STATUSES, type InitiativeStatus } from '@scentia/shared/initiatives.rules';
import { z } from 'zod';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../../../lib/browser-storage.ts';
import { CALENDAR_VIEWS, type CalendarView } from './calendar-range.ts';

/** The calendar's filter, as the list API reads it (`status`, `organizationId`, `locationId`). */
export type CalendarFilter = {
  status: InitiativeStatus | null;
  organizationId: string | null;
  locationId: string | null;
};

/**
 * What the calendar shows: its view, the day it is on (`dateInitial`, spec §3: the month or week shown
 * holds it), its filter and the list view's page.
 */
export type CalendarState = {
  view: CalendarView;
  dateInitial: string;
  filter: CalendarFilter;
  listPage: number;
};

/** The list view (spec §9 "Calendar filter default"): 20 per page, ordered by Id ascending. */
export const CALENDAR_LIST_PAGE_SIZE = 20;
export const CALENDAR_LIST_ORDER = { orderBy: 'Initiative.Id', orderByDirection: 'asc' } as const;

export const EMPTY_FILTER: CalendarFilter = { status: null, organizationId: null, locationId: null };

export function defaultCalendarState(today: string): CalendarState {
  return { view: 'month', dateInitial: today, filter: EMPTY_FILTER, listPage: 1 };
}

const ID = /^[1-9]\d{0,9}$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const storedSchema = z.object({
  at: z.number(),
  state: z.object({
    view: z.enum(CALENDAR_VIEWS as [CalendarView, ...CalendarView[]]),
    dateInitial: z
      .string()
      .regex(DATE)
      .refine((date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`))),
    filter: z.object({
      status: z.enum(INITIATIVE_STATUSES).nullable(),
      organizationId: z.string().regex(ID).nullable(),
      locationId: z.string().regex(ID).nullable(),
    }),
    listPage: z.number().int().min(1).max(1_000_000),
  }),
});

/**
 * The state remembered in browser storage (the `initiativesCalendar` entry, `{ at, state }`) for the
 * spec's default storage lifetime (§9, 86400 s) after its last change; older or unreadable, the
 * current month with no filter.
 */
export function readCalendarState(today: string, now: number): CalendarState {
  const stored = readJson(STORAGE_KEYS.initiativesCalendar, storedSchema);
  const age = stored ? now - stored.at : Number.POSITIVE_INFINITY;
  if (!stored || age < 0 || age > STORAGE_DEFAULT_TTL_MS) {
    if (stored) removeItem(STORAGE_KEYS.initiativesCalendar);
    return defaultCalendarState(today);
  }
  return stored.state;
}

export function writeCalendarState(state: CalendarState, now: number): void {
  writeJson(STORAGE_KEYS.initiativesCalendar, { at: now, state });
}

/** The list API's own parameters for a filter and a period (empty ones are left out by the kit). */
export function filterParams(filter: CalendarFilter, range: { from: string; to: string }) {
  return {
    from: range.from,
    to: range.to,
    status: filter.status ?? '',
    organizationId: filter.organizationId ?? '',
    locationId: filter.locationId ?? '',
  };
}
