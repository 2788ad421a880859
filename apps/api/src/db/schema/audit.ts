import {
  bigint,
  bigserial,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The audit trail: one event per transaction that changed an audited table (docs/decisions/audit-trail.md,
 * "The audit trail"). Rows are written by the database's triggers (migration 0011), never by a repository,
 * and a trigger refuses their update or removal outside the retention job. `actorId` has no foreign
 * key: the trail outlives the account it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in account; null for an anonymous call (a recovery link) or a change outside a request. */
    actorId: integer('actor_id'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    /** The call's operationId (`putCategoriesById`), a job's name, or `database` for a change made outside the application. */
    action: varchar('action', { length: 100 }).notNull(),
    requestId: varchar('request_id', { length: 64 }),
    /** The record the call changed first: `category`, `user`… and its id. */
    recordType: varchar('record_type', { length: 40 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
  },
  (table) => [
    index('audit_events_occurred_at_idx').on(table.occurredAt, table.id),
    index('audit_events_record_idx').on(table.recordType, table.recordId, table.occurredAt),
    index('audit_events_actor_idx').on(table.actorId, table.occurredAt),
  ],
);

/**
 * One changed row of an event: the row before and after (null when inserted, resp. deleted), without
 * bookkeeping columns and with secrets replaced by a short fingerprint. `rowKey` is the row's primary
 * key (`12` or `12,pt-BR`), so a row deleted and inserted again in one call reads as one change.
 */
export const auditChanges = pgTable(
  'audit_changes',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    // No foreign key: only the triggers write these rows, under their event, and the retention job
    // deletes both; a key check per changed row would cost every audited write
    // (docs/performance/audit-trail.md).
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    tableName: varchar('table_name', { length: 63 }).notNull(),
    rowKey: text('row_key').notNull(),
    /**
     * The record the row belongs to (a translation's category, a slot's campaign): a record's history
     * lists every event that changed it, not only the events that name it first.
     */
    recordType: varchar('record_type', { length: 40 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  // The event's changes in order, read together, by the key; a record's events by the second index.
  (table) => [
    primaryKey({ columns: [table.eventId, table.id] }),
    index('audit_changes_record_idx').on(table.recordType, table.recordId, table.eventId),
  ],
);
