import { campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { resourceMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateCampaigns } from './invalidate-campaigns.ts';

/**
 * POST/PUT /api/campaigns as multipart (`campaignFormData`; the cover required on create, kept on
 * update; an older `updatedAt` is refused with 409 STALE_RECORD; 409 on the device rules), PUT
 * activate, DELETE (409 CAMPAIGN_IS_DEFAULT), DELETE ?hardDelete=true (inactive campaigns; their cover
 * files go too), export.
 */
export const campaignMutations = resourceMutations({
  path: '/campaigns',
  rowSchema: campaignRowSchema,
  invalidate: invalidateCampaigns,
});
