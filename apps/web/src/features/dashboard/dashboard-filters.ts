import { STORAGE_DEFAULT_TTL_MS } from '@scentia/shared/constants';
import {
  DASHBOARD_DEFAULT_DAYS,
  dashboardQuerySchema,
  isSiteSortOffered,
  SITE_GROUPS,
  SITE_SORTS,
} from '@scentia/shared/dashboard.schemas';
import { DEFAULT_TIME_ZONE, isKnownTimeZone } from '@scentia/shared/time-zones';
import { z } from 'zod';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../../lib/browser-storage.ts';
import type { DashboardRequest } from './api/query-keys.ts';

/** The period picker's choices, in days ending today; `custom` is two days of the user's choice. */
export const PERIOD_PRESETS = [7, 30, 90, 365] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number] | 'custom';

export type SitesView = {
  groupBy: (typeof SITE_GROUPS)[number];
  sort: (typeof SITE_SORTS)[number];
  order: 'asc' | 'desc';
};

/**
 * What the dashboard shows: a period (a preset, which moves with the days, or two fixed days), the
 * time zone the days are read in, an optional organisation and location, and the sites table's
 * grouping and sort.
 */
export type DashboardFilters = {
  preset: PeriodPreset;
  /** The days of a custom period (`YYYY-MM-DD`, both included); kept but unused under a preset. */
  from: string;
  to: string;
  timeZone: string;
  /** The chosen organisation's and location's ids (as the address and the API write them), or null. */
  organizationId: string | null;
  locationId: string | null;
  sites: SitesView;
};

const DAY_MS = 86_400_000;
const ID = /^[1-9]\d{0,9}$/;

/** Today's date in `timeZone`, `YYYY-MM-DD` (the Canadian English format is ISO's). */
export function todayIn(timeZone: string, now: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** `date` moved by `days` whole days (calendar arithmetic, no time zone involved). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The browser's own zone when the product offers it (the server accepts only its list), else the default. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function defaultFilters(timeZone: string, now: number): DashboardFilters {
  const to = todayIn(timeZone, now);
  return {
    preset: DASHBOARD_DEFAULT_DAYS as PeriodPreset,
    from: addDays(to, 1 - DASHBOARD_DEFAULT_DAYS),
    to,
    timeZone,
    organizationId: null,
    locationId: null,
    sites: { groupBy: 'organization', sort: 'shots', order: 'desc' },
  };
}

/** The days the filters ask for: a preset's last N days ending today in the chosen zone, or the custom ones. */
export function periodOf(filters: DashboardFilters, now: number): { from: string; to: string } {
  if (filters.preset === 'custom') return { from: filters.from, to: filters.to };
  const to = todayIn(filters.timeZone, now);
  return { from: addDays(to, 1 - filters.preset), to };
}

/**
 * Why a custom period cannot be asked for, as the key of its message under `common:validation`
 * (the API's own refusals: `periodReversed`, `periodTooLong`), or `incomplete` while a day is missing.
 */
export function periodProblem(from: string, to: string): string | undefined {
  if (!from || !to) return 'incomplete';
  const parsed = dashboardQuerySchema.safeParse({ from, to, timeZone: DEFAULT_TIME_ZONE });
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'invalid');
}

/** The query every dashboard call and export sends for these filters. */
export function dashboardQuery(filters: DashboardFilters, now: number): DashboardRequest {
  return {
    ...periodOf(filters, now),
    timeZone: filters.timeZone,
    organizationId: filters.organizationId ?? undefined,
    locationId: filters.locationId ?? undefined,
  };
}

/** The sites table shows this many sites a page, read a page at a time from the server. */
export const SITES_PAGE_SIZE = 20;

/**
 * Whether the sites table covers one organisation (one chosen, a location chosen, or a member's own):
 * then every column sorts; over the whole fleet only the name and the shots do (the server's rule).
 */
export function isOneOrganization(filters: DashboardFilters, isMember: boolean): boolean {
  return isMember || filters.organizationId !== null || filters.locationId !== null;
}

/** The sites view asked for: a sort no longer offered (an organisation unchosen) falls back to the default. */
export function offeredSitesView(view: SitesView, isOneOrganization: boolean): SitesView {
  return isSiteSortOffered(view.sort, isOneOrganization) ? view : { ...view, sort: 'shots', order: 'desc' };
}

const idSchema = z.string().regex(ID).nullable();
const storedSchema = z.object({
  at: z.number(),
  filters: z.object({
    preset: z.union([z.literal(PERIOD_PRESETS), z.literal('custom')]),
    from: z.string(),
    to: z.string(),
    timeZone: z.string().refine(isKnownTimeZone),
    organizationId: idSchema,
    locationId: idSchema,
    sites: z.object({
      groupBy: z.enum(SITE_GROUPS),
      sort: z.enum(SITE_SORTS),
      order: z.enum(['asc', 'desc']),
    }),
  }),
});

/**
 * The filters remembered in browser storage (the `dashboardFilters` entry, `{ at, filters }`) for the
 * spec's default storage lifetime (§9, 86400 s) after they were last changed; older, unreadable or no
 * longer valid (a custom period the API would refuse), the defaults in `timeZone`.
 */
export function readDashboardFilters(timeZone: string, now: number): DashboardFilters {
  const stored = readJson(STORAGE_KEYS.dashboardFilters, storedSchema);
  const age = stored ? now - stored.at : Number.POSITIVE_INFINITY;
  if (!stored || age < 0 || age > STORAGE_DEFAULT_TTL_MS) {
    if (stored) removeItem(STORAGE_KEYS.dashboardFilters);
    return defaultFilters(timeZone, now);
  }
  const { filters } = stored;
  if (filters.preset === 'custom' && periodProblem(filters.from, filters.to)) {
    const fallback = defaultFilters(filters.timeZone, now);
    return { ...filters, preset: fallback.preset, from: fallback.from, to: fallback.to };
  }
  return filters;
}

export function writeDashboardFilters(filters: DashboardFilters, now: number): void {
  writeJson(STORAGE_KEYS.dashboardFilters, { at: now, filters });
}
