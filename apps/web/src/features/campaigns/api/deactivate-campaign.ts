import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/** DELETE /api/campaigns/{id}: 204, deactivates it (409 CAMPAIGN_IS_DEFAULT, with its message, for the default). */
function deactivateCampaign(id: number): Promise<void> {
  return http.delete(`/campaigns/${id}`);
}

export function useDeactivateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
