import { type DashboardSite, dashboardSiteSchema } from '@scentia/shared/dashboard.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { type DashboardSitesRequest, dashboardKeys } from './query-keys.ts';

const answerSchema = z.array(dashboardSiteSchema);

/**
 * GET /api/dashboard/sites: per organisation or per location, the period's shots and the devices and
 * capsules as they are now, sorted by the server.
 */
export function fetchDashboardSites(
  query: DashboardSitesRequest,
  signal?: AbortSignal,
): Promise<DashboardSite[]> {
  return http.get('/dashboard/sites', { query, signal, schema: answerSchema });
}

export function useDashboardSites(query: DashboardSitesRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.sites(query),
    queryFn: ({ signal }) => fetchDashboardSites(query, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
