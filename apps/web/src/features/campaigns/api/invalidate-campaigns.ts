import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { fragranceKeys } from '../../fragrances/api/query-keys.ts';
import { campaignKeys } from './query-keys.ts';

/**
 * After a campaign changes: its lists and records, the fragrances, whose rows name the collections
 * that hold them, and the audit trail's views.
 */
export function invalidateCampaigns(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    queryClient.invalidateQueries({ queryKey: fragranceKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
