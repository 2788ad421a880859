import type { QueryClient } from '@tanstack/react-query';
import { browserTimeZone, dashboardQuery, readDashboardFilters } from '../dashboard-filters.ts';
import { shotsCampaignQuery } from './get-shots-campaign.ts';

/**
 * Asks for the campaigns' chart with the filters the page will read, as the route starts loading:
 * the request runs beside the page's chunks and texts instead of after its first render. The
 * rest follows it, as the page asks (spec §2: campaign data first).
 */
export function prefetchDashboard(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const query = dashboardQuery(readDashboardFilters(browserTimeZone(), now), now);
  return queryClient.prefetchQuery(shotsCampaignQuery(query));
}
