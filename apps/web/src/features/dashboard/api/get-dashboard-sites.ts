import { type DashboardSitesPage, dashboardSitesPageSchema } from '@scentia/shared/dashboard.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { type DashboardSitesRequest, dashboardKeys } from './query-keys.ts';

/**
 * GET /api/dashboard/sites: one page of the sites, per organisation or per location, the period's
 * shots and the devices and capsules as they are now, sorted and paged by the server.
 */
export function fetchDashboardSites(
  query: DashboardSitesRequest,
  signal?: AbortSignal,
): Promise<DashboardSitesPage> {
  return http.get('/dashboard/sites', { query, signal, schema: dashboardSitesPageSchema });
}

export function useDashboardSites(query: DashboardSitesRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.sites(query),
    queryFn: ({ signal }) => fetchDashboardSites(query, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
