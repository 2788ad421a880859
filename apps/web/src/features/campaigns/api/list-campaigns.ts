import { type CampaignRow, campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { campaignKeys } from './query-keys.ts';

/** The campaign list's `orderBy` values (docs/api.md). */
export const CAMPAIGN_SORTS = {
  name: 'name',
  isDefault: 'isDefault',
  slotsUsed: 'slotsUsed',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const;

/** GET /api/campaigns: one page (the search matches the name). */
export const campaignsList = listEndpoint(campaignKeys, '/campaigns', campaignRowSchema);

export type { CampaignRow };
