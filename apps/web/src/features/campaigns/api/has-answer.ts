import type { CampaignRow } from '@scentia/shared/campaigns.schemas';
import { type QueryClient, useQueries } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { campaignKeys } from './query-keys.ts';

const hasAnswerKeys = {
  all: [...campaignKeys.all, 'has-answer'] as const,
  one: (campaignId: number, fragranceId: number) =>
    [...campaignKeys.all, 'has-answer', campaignId, fragranceId] as const,
};

/**
 * GET /api/campaigns/has-answer/{fragranceId}/{campaignId} (spec §7): whether an answer of one of the
 * campaign's quizzes (draft or live publication) recommends the fragrance. Its slot is then locked.
 */
function fetchHasAnswer(fragranceId: number, campaignId: number, signal?: AbortSignal): Promise<boolean> {
  return http.get(`/campaigns/has-answer/${fragranceId}/${campaignId}`, { signal, schema: z.boolean() });
}

/**
 * The slots of the opened campaign that a quiz answer holds (spec §4: such a slot cannot be cleared
 * or refilled). The API answers one fragrance per call, so a configured slot is one call, all asked
 * at once; a call that fails locks nothing (the server refuses the save anyway). Always read afresh:
 * a quiz edited meanwhile may have taken or released a fragrance.
 */
export function useAnsweredSlots(campaign: CampaignRow | undefined): ReadonlySet<number> {
  const collection = campaign?.collection ?? [];
  return useQueries({
    queries: collection.map((entry) => ({
      queryKey: hasAnswerKeys.one(campaign?.campaignId ?? 0, entry.fragranceId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchHasAnswer(entry.fragranceId, campaign?.campaignId ?? 0, signal),
      staleTime: 0,
      retry: false,
    })),
    combine: (results) =>
      new Set(collection.filter((_entry, index) => results[index]?.data === true).map((entry) => entry.slot)),
  });
}

/** After the server refused a save over a held slot: read which slots are held again. */
export function refreshAnsweredSlots(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: hasAnswerKeys.all });
}
