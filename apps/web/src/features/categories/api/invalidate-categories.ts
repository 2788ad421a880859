import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { fragranceKeys } from '../../fragrances/api/query-keys.ts';
import { categoryKeys } from './query-keys.ts';

/**
 * After a category changes: its lists, records and typeahead options, and the fragrances, whose
 * list shows category names, and the audit trail's views.
 */
export function invalidateCategories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: fragranceKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
