import { campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/** PUT /api/campaigns/activate/{id}: 200 with the campaign. */
function activateCampaign(id: number) {
  return http.put(`/campaigns/activate/${id}`, undefined, { schema: campaignRowSchema });
}

export function useActivateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
