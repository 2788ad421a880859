import { type ShotsCampaign, shotsCampaignSchema } from '@scentia/shared/dashboard.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { type DashboardRequest, dashboardKeys } from './query-keys.ts';

const answerSchema = z.array(shotsCampaignSchema);

/**
 * GET /api/shots-campaign?limit=true (spec §7): the campaigns with shots in the period, most first,
 * each with its top fragrances and the rest summed as "others" (spec §9: the dashboard asks limited).
 */
export function fetchShotsCampaign(query: DashboardRequest, signal?: AbortSignal): Promise<ShotsCampaign[]> {
  return http.get('/shots-campaign', { query: { ...query, limit: 'true' }, signal, schema: answerSchema });
}

/** The query of the dashboard's first chart, which the route also starts before the page renders. */
export function shotsCampaignQuery(query: DashboardRequest) {
  return {
    queryKey: dashboardKeys.campaigns(query),
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchShotsCampaign(query, signal),
  };
}

export function useShotsCampaign(query: DashboardRequest) {
  return useQuery({
    ...shotsCampaignQuery(query),
    // Other filters keep the previous charts on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
