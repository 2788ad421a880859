import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { locationKeys } from '../../locations/api/query-keys.ts';
import { organizationKeys } from './query-keys.ts';

/**
 * After an organisation changes: its lists, records and typeahead options, the locations, whose list
 * shows organisation names and whose reactivation depends on it, and the audit trail's views.
 */
export function invalidateOrganizations(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
    queryClient.invalidateQueries({ queryKey: locationKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
