import { type InitiativeChartItem, initiativeChartItemSchema } from '@scentia/shared/initiatives.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { type DashboardRequest, dashboardKeys } from './query-keys.ts';

const answerSchema = z.array(initiativeChartItemSchema);

/**
 * GET /api/dashboard/chart-iniciativa (spec §7): the initiatives whose dates overlap the period, per
 * status by the spec's names (all five, zeros too), of the organisation or location chosen.
 */
export function fetchInitiativeChart(
  query: DashboardRequest,
  signal?: AbortSignal,
): Promise<InitiativeChartItem[]> {
  return http.get('/dashboard/chart-iniciativa', { query, signal, schema: answerSchema });
}

export function useInitiativeChart(query: DashboardRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: [...dashboardKeys.all, 'chart-iniciativa', query] as const,
    queryFn: ({ signal }) => fetchInitiativeChart(query, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
