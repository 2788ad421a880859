import type { CampaignRow } from '@scentia/shared/campaigns.schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { campaignKeys } from './query-keys.ts';

const answeredSlotsKeys = {
  all: [...campaignKeys.all, 'answered-slots'] as const,
  one: (campaignId: number) => [...campaignKeys.all, 'answered-slots', campaignId] as const,
};

const answeredSlotsSchema = z.object({ slots: z.array(z.number().int()) });

/**
 * GET /api/campaigns/answered-slots/{campaignId}: the slots whose fragrance an answer of one of the
 * campaign's quizzes (draft or live publication) recommends — the spec's has-answer for the whole
 * collection in one call. Such a slot is locked.
 */
function fetchAnsweredSlots(
  campaignId: number,
  signal?: AbortSignal,
): Promise<z.infer<typeof answeredSlotsSchema>> {
  return http.get(`/campaigns/answered-slots/${campaignId}`, { signal, schema: answeredSlotsSchema });
}

const NO_SLOTS: ReadonlySet<number> = new Set();
/** Module-level, so the query keeps one Set per answer rather than one per render. */
const toSlotSet = (answer: z.infer<typeof answeredSlotsSchema>): ReadonlySet<number> => new Set(answer.slots);

/**
 * The slots of the opened campaign that a quiz answer holds (spec §4: such a slot cannot be cleared
 * or refilled). A failed read locks nothing (the server refuses the save anyway). Always read afresh:
 * a quiz edited meanwhile may have taken or released a fragrance.
 */
export function useAnsweredSlots(campaign: CampaignRow | undefined): ReadonlySet<number> {
  const campaignId = campaign?.campaignId ?? 0;
  const query = useQuery({
    queryKey: answeredSlotsKeys.one(campaignId),
    queryFn: ({ signal }) => fetchAnsweredSlots(campaignId, signal),
    enabled: campaignId > 0 && (campaign?.collection.length ?? 0) > 0,
    staleTime: 0,
    retry: false,
    select: toSlotSet,
  });
  return query.data ?? NO_SLOTS;
}

/** After the server refused a save over a held slot: read which slots are held again. */
export function refreshAnsweredSlots(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: answeredSlotsKeys.all });
}
