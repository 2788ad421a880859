import type { AuditRecordType } from '@scentia/shared/audit.schemas';
import { type AuditHistoryEvent, auditHistoryEventSchema } from '@scentia/shared/audit-fields';
import { pageOf } from '@scentia/shared/list.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../lib/api-client.ts';

const auditPageSchema = pageOf(auditHistoryEventSchema);
const historySchema = z.array(auditHistoryEventSchema);

/** Every audit query is keyed under `['audit']`, so a save refreshes them all with one invalidation. */
const auditKeys = {
  all: ['audit'] as const,
  latest: (count: number) => ['audit', 'latest', count] as const,
  history: (recordType: AuditRecordType, recordId: string) =>
    ['audit', 'history', recordType, recordId] as const,
};

/** GET /api/audit (ADMIN only): the newest `count` events of the whole trail (its default sort). */
async function fetchLatestAuditEvents(count: number, signal?: AbortSignal): Promise<AuditHistoryEvent[]> {
  const page = await http.get('/audit', { query: { perPage: count }, signal, schema: auditPageSchema });
  return page.data;
}

/** GET /api/audit/history/{recordType}/{recordId}: the record's latest events, newest first. */
function fetchRecordHistory(
  recordType: AuditRecordType,
  recordId: string,
  signal?: AbortSignal,
): Promise<AuditHistoryEvent[]> {
  return http.get(`/audit/history/${recordType}/${encodeURIComponent(recordId)}`, {
    signal,
    schema: historySchema,
  });
}

/** `isEnabled` false asks nothing: the quick panel loads the trail only when its tab is open. */
export function useLatestAuditEvents(count: number, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.latest(count),
      queryFn: ({ signal }) => fetchLatestAuditEvents(count, signal),
      // Reopening the tab shows what happened since, not what the cache remembers.
      staleTime: 0,
      enabled: isEnabled,
    }),
  );
}

export function useRecordHistory(recordType: AuditRecordType, recordId: string) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.history(recordType, recordId),
      queryFn: ({ signal }) => fetchRecordHistory(recordType, recordId, signal),
      staleTime: 0,
    }),
  );
}

/** After any audited save: the trail has a new event, so the quick panel and the histories reload. */
export function invalidateAuditTrail(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: auditKeys.all });
}
