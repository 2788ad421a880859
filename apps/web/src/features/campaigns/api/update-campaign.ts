import { campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/**
 * PUT /api/campaigns/{id} as multipart/form-data: without `cover.file` the cover is kept; a body whose
 * `updatedAt` is older than the stored one is refused with 409 STALE_RECORD.
 */
function updateCampaign({ id, body }: { id: number; body: FormData }) {
  return http.put(`/campaigns/${id}`, body, { schema: campaignRowSchema });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
