import type { AuditListQuery } from '@scentia/shared/audit.schemas';
import { EXACT_COUNT_LIMIT } from '@scentia/shared/list.schemas';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditChanges, auditEvents, organizationMembers, users } from '../../db/schema/index.ts';
import type { ListDefinition, ListPlan } from '../../lib/list-query.ts';
import { plannerEstimate } from '../../lib/planner-estimate.ts';
import { type KeysetPosition, keysetAfter, sortKeyOf } from '../../lib/resource-kit/keyset.ts';
import { containsPattern } from '../../lib/search-text.ts';
import type { StoredChange } from './audit-changes.ts';

/** How many events an export reads at a time. */
const EXPORT_BATCH_SIZE = 1_000;
const MAX_SEARCH_WORDS = 6;

/** The sorts the list accepts: the time of the event (its index is (occurred_at, id)). */
export const auditList: ListDefinition = {
  sortable: { occurredAt: auditEvents.occurredAt, 'Audit.OccurredAt': auditEvents.occurredAt },
  defaultSort: 'occurredAt',
  tieBreaker: auditEvents.id,
};

/** The filters of a list query, besides paging and sort. */
export type AuditFilters = Pick<AuditListQuery, 'recordType' | 'recordId' | 'actorId' | 'from' | 'to'> & {
  search: string | undefined;
};

/** An event row with its actor's name (null when the account's row is gone), before its changes. */
export type AuditEventRow = {
  id: number;
  occurredAt: Date;
  actorId: number | null;
  actorName: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  recordType: string;
  recordId: string;
};
export type AuditEventRecord = AuditEventRow & { changes: StoredChange[] };

const columns = {
  id: auditEvents.id,
  occurredAt: auditEvents.occurredAt,
  actorId: auditEvents.actorId,
  actorName: users.name,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  action: auditEvents.action,
  recordType: auditEvents.recordType,
  recordId: auditEvents.recordId,
};

/**
 * The events of one record: those naming it first (migration 0011's (record_type, record_id,
 * occurred_at) index) and those that changed it alongside another (a new default campaign takes the
 * default from the previous one), found through the changes, which carry their record (migration
 * 0016's (record_type, record_id, event_id) index). With `limit`, the newest of each, no more.
 */
function eventsOf(recordType: string, recordId: string, limit?: number): SQL {
  const newest = (order: SQL) => (limit === undefined ? sql`` : sql` order by ${order} limit ${limit}`);
  return sql`${auditEvents.id} in (
    (select ${auditEvents.id} from ${auditEvents}
      where ${auditEvents.recordType} = ${recordType} and ${auditEvents.recordId} = ${recordId}${newest(
        sql`${auditEvents.occurredAt} desc, ${auditEvents.id} desc`,
      )})
    union
    (select distinct ${auditChanges.eventId} from ${auditChanges}
      where ${auditChanges.recordType} = ${recordType} and ${auditChanges.recordId} = ${recordId}${newest(
        sql`${auditChanges.eventId} desc`,
      )}))`;
}

/**
 * Each condition can walk an index: one record's events through their changes, else a column of
 * audit_events alone, on one of migration 0011's indexes: (record_type, record_id, occurred_at),
 * (actor_id, occurred_at) or (occurred_at, id). A search word must be in the action, the record type
 * or the record id.
 */
function auditConditions(filters: AuditFilters): SQL | undefined {
  const words = (filters.search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  const recordId = filters.recordId === '' ? undefined : filters.recordId;
  return and(
    filters.recordType !== undefined && recordId !== undefined
      ? eventsOf(filters.recordType, recordId)
      : undefined,
    filters.recordType !== undefined && recordId === undefined
      ? eq(auditEvents.recordType, filters.recordType)
      : undefined,
    filters.recordType === undefined && recordId !== undefined
      ? eq(auditEvents.recordId, recordId)
      : undefined,
    filters.actorId === undefined ? undefined : eq(auditEvents.actorId, filters.actorId),
    filters.from === undefined ? undefined : gte(auditEvents.occurredAt, new Date(filters.from)),
    filters.to === undefined ? undefined : lt(auditEvents.occurredAt, new Date(filters.to)),
    ...words.map((word) => {
      const pattern = containsPattern(word);
      return or(
        sql`${auditEvents.action} ilike ${pattern}`,
        sql`${auditEvents.recordType} ilike ${pattern}`,
        sql`${auditEvents.recordId} ilike ${pattern}`,
      );
    }),
  );
}

/** An estimate shown as such: two significant digits (1,234,567 → 1,200,000). */
const aboutTotal = (estimate: number) => Number(Math.round(estimate).toPrecision(2));

/**
 * Reads of the audit trail. Not a resource-kit list: events have no soft delete nor search text, their
 * filters are columns of their own (record, actor, period), their total on a large trail is an estimate,
 * and each page is completed with the changes of its events (one query a page).
 */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  private select() {
    return this.db.select(columns).from(auditEvents).leftJoin(users, eq(users.id, auditEvents.actorId));
  }

  /**
   * A page of events and its total. The total is exact up to EXACT_COUNT_LIMIT matches (a count that
   * stops reading there); past it, counting a million events would cost more than the page itself, so
   * it is the planner's estimate (its statistics, scaled to the table's current size: `reltuples` for
   * the whole trail) and says so.
   */
  async list(
    plan: ListPlan,
    filters: AuditFilters,
  ): Promise<{ records: AuditEventRecord[]; total: number; totalIsEstimate: boolean }> {
    const where = auditConditions(filters);
    const [rows, capped] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
      this.countUpTo(where, EXACT_COUNT_LIMIT + 1),
    ]);
    const records = await this.withChanges(rows);
    if (capped <= EXACT_COUNT_LIMIT) return { records, total: capped, totalIsEstimate: false };
    const estimate = await this.estimateMatches(where);
    // Never fewer than the rows already paged through.
    const total = Math.max(aboutTotal(estimate), capped, plan.offset + rows.length);
    return { records, total, totalIsEstimate: true };
  }

  /** The whole list in its order, by keyset: each batch starts after the last (occurred_at, id) read. */
  async *batches(plan: ListPlan, filters: AuditFilters, size = EXPORT_BATCH_SIZE) {
    const where = auditConditions(filters);
    const sort = { column: auditEvents.occurredAt, isAscending: plan.isAscending, mayBeNull: false };
    let after: KeysetPosition | undefined;
    for (;;) {
      const rows = await this.db
        .select({ ...columns, sortKey: sortKeyOf(auditEvents.occurredAt) })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(and(where, after && keysetAfter(sort, auditEvents.id, after)))
        .orderBy(...plan.orderBy)
        .limit(size);
      const last = rows.at(-1);
      if (!last) return;
      yield await this.withChanges(rows.map(({ sortKey: _sortKey, ...row }) => row));
      if (rows.length < size) return;
      after = { sortKey: last.sortKey, id: last.id };
    }
  }

  /** The latest events of one record, newest first, those that changed it alongside another included. */
  /** Which of `actorIds` are members of the organisation: to a member, every other actor is Scentia's. */
  async membersAmong(actorIds: number[], organizationId: number): Promise<Set<number>> {
    if (actorIds.length === 0) return new Set();
    const rows = await this.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(
        and(
          inArray(organizationMembers.userId, actorIds),
          eq(organizationMembers.organizationId, organizationId),
        ),
      );
    return new Set(rows.map((row) => row.userId));
  }

  async history(recordType: string, recordId: string, limit: number): Promise<AuditEventRecord[]> {
    const rows = await this.select()
      .where(eventsOf(recordType, recordId, limit))
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(limit);
    return this.withChanges(rows);
  }

  /**
   * Records in the trail that the caller exported it, with the filters used: the trail holds everyone's
   * changes, so reading it whole leaves a trace. When the filters name one person (by actor, or as the
   * record), the event is in that person's history too.
   */
  async recordExport(filters: object, person: string | undefined): Promise<void> {
    const read = JSON.stringify({ read: 'xlsx', ...filters });
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select audit_note('audit', 'export', 'audit_events', 'export', null, ${read}::jsonb)`,
      );
      if (person !== undefined)
        await tx.execute(sql`select audit_note('user', ${person}, 'audit_events', 'export', null,
          ${read}::jsonb)`);
    });
  }

  /** The events with their stored changes, in the order they were written: one query for them all. */
  private async withChanges(rows: AuditEventRow[]): Promise<AuditEventRecord[]> {
    const ids = rows.map((row) => row.id);
    const changes = ids.length
      ? await this.db
          .select({
            eventId: auditChanges.eventId,
            tableName: auditChanges.tableName,
            rowKey: auditChanges.rowKey,
            before: auditChanges.before,
            after: auditChanges.after,
          })
          .from(auditChanges)
          .where(inArray(auditChanges.eventId, ids))
          .orderBy(asc(auditChanges.eventId), asc(auditChanges.id))
      : [];
    const byEvent = new Map<number, StoredChange[]>();
    for (const { eventId, ...change } of changes) {
      const list = byEvent.get(eventId) ?? [];
      list.push({ ...change, before: change.before ?? null, after: change.after ?? null });
      byEvent.set(eventId, list);
    }
    return rows.map((row) => ({ ...row, changes: byEvent.get(row.id) ?? [] }));
  }

  /** The matches, counted no further than `limit`: the index is read only that far. */
  private async countUpTo(where: SQL | undefined, limit: number): Promise<number> {
    const matches = this.db
      .select({ one: sql`1`.as('one') })
      .from(auditEvents)
      .where(where)
      .limit(limit)
      .as('matches');
    const [row] = await this.db.select({ total: count() }).from(matches);
    return Number(row?.total ?? 0);
  }

  /** The planner's estimate of the matches: statistics only, no row read. */
  private async estimateMatches(where: SQL | undefined): Promise<number> {
    const condition = where ? sql` where ${where}` : sql``;
    return plannerEstimate(this.db, sql`select 1 from ${auditEvents}${condition}`);
  }
}
