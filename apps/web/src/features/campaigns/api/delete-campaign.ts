import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/** DELETE /api/campaigns/{id}?hardDelete=true: 204; inactive campaigns only (their cover files go too). */
function deleteCampaign(id: number): Promise<void> {
  return http.delete(`/campaigns/${id}`, { query: { hardDelete: true } });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
