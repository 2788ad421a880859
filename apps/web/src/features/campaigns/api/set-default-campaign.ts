import { campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/** PUT /api/campaigns/default: 200 with the campaign, now the only default (409 for an inactive one). */
function setDefaultCampaign(campaignId: number) {
  return http.put('/campaigns/default', { campaignId }, { schema: campaignRowSchema });
}

export function useSetDefaultCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
