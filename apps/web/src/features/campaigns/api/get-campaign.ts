import { campaignRowSchema } from '@scentia/shared/campaigns.schemas';
import { recordEndpoint } from '../../../components/resource-form/record-endpoint.ts';
import { campaignKeys } from './query-keys.ts';

/** GET /api/campaigns/{id}; never cached, so the form also gets fresh signed cover URLs. */
export const campaignRecord = recordEndpoint(campaignKeys, '/campaigns', campaignRowSchema);
