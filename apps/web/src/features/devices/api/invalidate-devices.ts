import type { QueryClient } from '@tanstack/react-query';
import { invalidateAuditTrail } from '../../../components/record-history/audit-api.ts';
import { deviceKeys } from './query-keys.ts';

/**
 * After a device changes: its lists and records, and the audit trail's views. Nothing else shows a
 * device (the capsules list reads its MAC, which a device's edit may change, from its own query on
 * its next load).
 */
export function invalidateDevices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
    invalidateAuditTrail(queryClient),
  ]);
}
