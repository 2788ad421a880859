import { campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/**
 * POST /api/campaigns as multipart/form-data (see `campaignFormData`): 201 with the new campaign.
 * The cover is required; 413 FILE_TOO_LARGE, 415 UNSUPPORTED_IMAGE, 409 on the device rules, 400 on fields.
 */
function createCampaign(body: FormData) {
  return http.post('/campaigns', body, { schema: campaignRowSchema });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}
