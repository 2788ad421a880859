import {
  type AuditEvent,
  type AuditListQuery,
  type AuditRecordType,
  RECORD_HISTORY_LIMIT,
} from '@scentia/shared/audit.schemas';
import type { AuditHistoryEvent } from '@scentia/shared/audit-fields';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { Page } from '@scentia/shared/list.schemas';
import { type AccessScope, STAFF_NAME_FOR_MEMBERS } from '../../lib/access-scope.ts';
import type { Account } from '../../lib/account.ts';
import { AppError } from '../../lib/app-error.ts';
import { planList, toPage } from '../../lib/list-query.ts';
import {
  type AuditEventRecord,
  type AuditFilters,
  type AuditRepository,
  auditList,
} from './audit.repository.ts';
import { requireHistoryAccess } from './audit-access.ts';
import { mergeChanges } from './audit-changes.ts';
import type { AuditNamesRepository } from './audit-names.repository.ts';
import { withReferenceNames } from './audit-names.ts';

/** An event as the API answers it: its actor named, its changes merged per row. */
function toAuditEvent(record: AuditEventRecord): AuditEvent {
  return {
    auditId: record.id,
    occurredAt: record.occurredAt.toISOString(),
    // The trail outlives the account it names: a removed account is shown by its number.
    actor:
      record.actorId === null
        ? null
        : { userId: record.actorId, name: record.actorName ?? `#${record.actorId}` },
    ip: record.ip,
    userAgent: record.userAgent,
    action: record.action,
    record: { type: record.recordType, id: record.recordId },
    changes: mergeChanges(record.changes),
  };
}

function filtersOf(query: AuditListQuery, search: string | undefined): AuditFilters {
  const { recordType, recordId, actorId, from, to } = query;
  return { recordType, recordId, actorId, from, to, search };
}

/** The person whose events an export reads, when its filters name one: as the actor, or as the record. */
function personOf(query: AuditListQuery): string | undefined {
  if (query.actorId !== undefined) return String(query.actorId);
  return query.recordType === 'user' && query.recordId ? query.recordId : undefined;
}

/**
 * The records a member may read the history of, each by its service's get within their scope (a 404
 * outside it, as for an unknown id).
 */
export type HistoryReach = Partial<
  Record<AuditRecordType, (id: number, scope: AccessScope) => Promise<unknown>>
>;

/** A member's view of an event: the staff's actors are "Scentia", and nobody's address or browser shows. */
function asSeenByMember(event: AuditEvent, members: Set<number>): AuditEvent {
  const isMember = event.actor !== null && members.has(event.actor.userId);
  return {
    ...event,
    actor: event.actor === null || isMember ? event.actor : { userId: 0, name: STAFF_NAME_FOR_MEMBERS },
    ip: null,
    userAgent: null,
  };
}

/**
 * The audit trail as the back-office reads it: the whole list (ADMIN), its export, a record's history
 * (members: their organisation's records' only, `reach`).
 */
export function createAuditService(
  repository: AuditRepository,
  names: AuditNamesRepository,
  reach: HistoryReach = {},
) {
  return {
    /** A page of the trail, each event with the names of its record and those it refers to. */
    async list(query: AuditListQuery): Promise<Page<AuditHistoryEvent>> {
      const plan = planList(query, auditList);
      const { records, total, totalIsEstimate } = await repository.list(plan, filtersOf(query, plan.search));
      const named = await withReferenceNames(records.map(toAuditEvent), names, true);
      return toPage(named, total, plan.perPage, totalIsEstimate);
    },

    /**
     * Planned before the download starts, so a bad `orderBy` is still a 400, not a cut-off file; then
     * the export is recorded in the trail (who, which filters, when) before a row leaves.
     */
    async exportBatches(query: AuditListQuery): Promise<AsyncIterable<AuditEvent[]>> {
      const plan = planList(query, auditList);
      await repository.recordExport(query, personOf(query));
      const batches = repository.batches(plan, filtersOf(query, plan.search));
      return (async function* () {
        for await (const batch of batches) yield batch.map(toAuditEvent);
      })();
    },

    /** The latest events of one record, with the names of the records they refer to (audit-names.ts). */
    async history(
      actor: Account,
      recordType: AuditRecordType,
      recordId: string,
      scope?: AccessScope,
    ): Promise<AuditHistoryEvent[]> {
      requireHistoryAccess(actor, recordType);
      if (scope?.kind !== 'member') {
        const records = await repository.history(recordType, recordId, RECORD_HISTORY_LIMIT);
        return withReferenceNames(records.map(toAuditEvent), names);
      }
      const reachable = reach[recordType];
      if (!reachable || !/^\d{1,9}$/.test(recordId)) throw new AppError(ErrorCode.NOT_FOUND);
      await reachable(Number(recordId), scope);
      const events = (await repository.history(recordType, recordId, RECORD_HISTORY_LIMIT)).map(toAuditEvent);
      const actorIds = [...new Set(events.flatMap((event) => (event.actor ? [event.actor.userId] : [])))];
      const members = await repository.membersAmong(actorIds, scope.organizationId);
      return withReferenceNames(
        events.map((event) => asSeenByMember(event, members)),
        names,
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
