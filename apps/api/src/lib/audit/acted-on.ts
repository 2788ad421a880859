import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import type { AuditContext } from './audit-context.ts';

/**
 * Of `recordIds`, those the trail already holds an event of for this action under this id (a bulk
 * action's `bulk<Action><RecordType>` and its action id). A chunk sent again (the web's retry, a replay
 * of the request) learns what it did the first time: an action whose effect is not a state a row can
 * be found in, a mail queued, is then not done twice. Read along `audit_events_record_idx`.
 */
export async function recordsActedOn(
  db: Database,
  recordType: string,
  recordIds: number[],
  run: Pick<AuditContext, 'action' | 'requestId'>,
): Promise<Set<number>> {
  if (recordIds.length === 0 || run.requestId === null) return new Set();
  const rows = await db
    .selectDistinct({ recordId: auditEvents.recordId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.recordType, recordType),
        inArray(auditEvents.recordId, recordIds.map(String)),
        eq(auditEvents.requestId, run.requestId),
        eq(auditEvents.action, run.action),
      ),
    );
  return new Set(rows.map((row) => Number(row.recordId)));
}
