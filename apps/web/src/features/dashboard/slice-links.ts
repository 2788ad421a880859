import { PATHS } from '../../lib/paths.ts';
import type { DashboardRequest } from './api/query-keys.ts';

/** The dashboard's organisation and location filters, as the lists take them. */
function siteParams(filters: DashboardRequest): Record<string, string> {
  return {
    ...(filters.organizationId ? { organizationId: filters.organizationId } : {}),
    ...(filters.locationId ? { locationId: filters.locationId } : {}),
  };
}

const withQuery = (path: string, params: Record<string, string>) =>
  `${path}?${new URLSearchParams(params).toString()}`;

/**
 * A campaign slice's devices: the campaign with every filter of the dashboard (period, time zone,
 * organisation, location), so the list shows each device's shots in that period and their sum is the
 * slice's number.
 */
export function campaignDevicesPath(campaignId: number, filters: DashboardRequest): string {
  return withQuery(PATHS.admin.devices.list, {
    campaignId: String(campaignId),
    from: filters.from,
    to: filters.to,
    timeZone: filters.timeZone,
    ...siteParams(filters),
  });
}

/**
 * A fragrance slice's capsules: the fragrance with the period, organisation and location. Capsules are
 * counted per UTC day only, so their list reads the same days as UTC days (no zone in the link).
 */
export function fragranceCapsulesPath(fragranceId: number, filters: DashboardRequest): string {
  return withQuery(PATHS.admin.capsules, {
    fragranceId: String(fragranceId),
    from: filters.from,
    to: filters.to,
    ...siteParams(filters),
  });
}

/** A site's devices (its organisation or location) with the period, so each shows its shots in it. */
export function siteDevicesPath(
  site: { organizationId: number; locationId: number | null },
  filters: DashboardRequest,
): string {
  return withQuery(PATHS.admin.devices.list, {
    ...(site.locationId === null
      ? { organizationId: String(site.organizationId) }
      : { locationId: String(site.locationId) }),
    from: filters.from,
    to: filters.to,
    timeZone: filters.timeZone,
  });
}
