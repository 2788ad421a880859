import { dashboardQuerySchema } from '@scentia/shared/dashboard.schemas';

/**
 * A list's period for its rows' shots, as the dashboard's slice links write it in the address
 * (`?from=2026-11-01&to=2026-11-30&timeZone=America/Sao_Paulo`): whole days `from`..`to`, read in
 * `timeZone` where the list counts by the viewer's zone (devices), by UTC day where it cannot
 * (capsules, whose counts are kept per UTC day only).
 */
export type ListPeriod = { from: string; to: string; timeZone?: string };

export const PERIOD_PARAMS = { from: 'from', to: 'to', timeZone: 'timeZone' } as const;

/**
 * The period the address holds, checked by the dashboard's own rule (both days, `to` not before
 * `from`, at most a leap year, a zone the product knows); anything else is no period, as the lists
 * ignore every filter value they cannot read.
 */
export function periodFromSearch(search: URLSearchParams, hasTimeZone: boolean): ListPeriod | undefined {
  const from = search.get(PERIOD_PARAMS.from) ?? '';
  const to = search.get(PERIOD_PARAMS.to) ?? '';
  const zone = hasTimeZone ? (search.get(PERIOD_PARAMS.timeZone) ?? undefined) : undefined;
  if (!from || !to) return undefined;
  const parsed = dashboardQuerySchema.safeParse({ from, to, timeZone: zone });
  if (!parsed.success) return undefined;
  return hasTimeZone ? { from, to, timeZone: parsed.data.timeZone } : { from, to };
}

/** The period as the list's query values (sent with the list and its export, kept in the address). */
export function periodValues(period: ListPeriod | undefined): Record<string, string> {
  if (!period) return {};
  return {
    [PERIOD_PARAMS.from]: period.from,
    [PERIOD_PARAMS.to]: period.to,
    ...(period.timeZone ? { [PERIOD_PARAMS.timeZone]: period.timeZone } : {}),
  };
}
