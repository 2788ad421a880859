import { type ShotsFragrance, shotsFragranceSchema } from '@scentia/shared/dashboard.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { type DashboardRequest, dashboardKeys } from './query-keys.ts';

const answerSchema = z.array(shotsFragranceSchema);

/** GET /api/shots-fragrance?limit=true (spec §7): shots per fragrance over the period, zero totals left out. */
export function fetchShotsFragrance(
  query: DashboardRequest,
  signal?: AbortSignal,
): Promise<ShotsFragrance[]> {
  return http.get('/shots-fragrance', { query: { ...query, limit: 'true' }, signal, schema: answerSchema });
}

/** Asked only once `isEnabled` (spec §2: the campaigns' data first, then the fragrances'). */
export function useShotsFragrance(query: DashboardRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.fragrances(query),
    queryFn: ({ signal }) => fetchShotsFragrance(query, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
