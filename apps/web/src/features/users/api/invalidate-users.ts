import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { profileKeys } from '../../profiles/api/query-keys.ts';
import { userKeys } from './query-keys.ts';

/**
 * After a user changes: the users' lists and records, and the profiles, whose list counts users
 * (a new, deleted or moved user changes a count), and the audit trail's views.
 */
export function invalidateUsers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
