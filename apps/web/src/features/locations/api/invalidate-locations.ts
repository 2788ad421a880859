import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { organizationKeys } from '../../organizations/api/query-keys.ts';
import { locationKeys } from './query-keys.ts';

/**
 * After a location changes: its lists and records, the organisations, whose rows count their (active)
 * locations and whose edit page lists them, and the audit trail's views.
 */
export function invalidateLocations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: locationKeys.all }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
