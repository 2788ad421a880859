import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { categoryKeys } from '../../categories/api/query-keys.ts';
import { fragranceKeys } from './query-keys.ts';

/**
 * After a fragrance changes: its lists and records, the categories, whose list counts fragrances, and
 * the audit trail's views.
 */
export function invalidateFragrances(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fragranceKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
