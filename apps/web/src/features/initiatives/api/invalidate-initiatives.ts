import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { dashboardKeys } from '../../dashboard/api/query-keys.ts';
import { initiativeKeys } from './query-keys.ts';

/**
 * After an initiative changes: its lists, records and calendar (all under `initiativeKeys.all`), the
 * dashboard's initiatives pie and the audit trail's views.
 */
export function invalidateInitiatives(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: initiativeKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
