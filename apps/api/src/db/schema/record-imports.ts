import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const RECORD_IMPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** A refused cell or row of a job's report, as `ImportRowError` (capped at IMPORT_MAX_ERRORS). */
type StoredImportError = {
  row: number;
  column: string | null;
  columnLabel: string | null;
  code: string;
  message: string;
};

/**
 * A spreadsheet import run as a job (lib/resource-kit/import/import-jobs.ts): a file too large to be
 * checked and applied within its request is stored (`file_key`, in the file storage) and queued here;
 * a worker of any instance claims it with a lease (`locked_by`, `lease_until`), records its progress,
 * and writes its report when it ends. Cancelling sets `cancel_requested`; the worker rolls back.
 */
export const recordImports = pgTable(
  'record_imports',
  {
    id: uuid('id').primaryKey(),
    recordType: varchar('record_type', { length: 40 }).notNull(),
    mode: varchar('mode', { length: 8 }).$type<'check' | 'apply'>().notNull(),
    state: varchar('state', { length: 16 }).$type<(typeof RECORD_IMPORT_STATES)[number]>().notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** The upload in the file storage; null once the import ended and the file was released. */
    fileKey: varchar('file_key', { length: 200 }),
    fileKind: varchar('file_kind', { length: 8 }).$type<'csv' | 'xlsx'>().notNull(),
    /** Who asked: only they (or an administrator) read or cancel it. Gone with the account. */
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The caller's language: the report's messages are written in it. */
    language: varchar('language', { length: 5 }).notNull(),
    /** The caller's address and user agent, for the audit trail of the rows written. */
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 300 }),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    counts: jsonb('counts')
      .$type<{ insert: number; update: number; unchanged: number; invalid: number }>()
      .notNull()
      .default(sql`'{"insert":0,"update":0,"unchanged":0,"invalid":0}'::jsonb`),
    errors: jsonb('errors').$type<StoredImportError[]>().notNull().default(sql`'[]'::jsonb`),
    errorsTruncated: boolean('errors_truncated').notNull().default(false),
    applied: boolean('applied').notNull().default(false),
    /** How many times a worker claimed it: a job retaken after crashes ends failed past a bound. */
    attempts: integer('attempts').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    lockedBy: varchar('locked_by', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The worker's claim reads only the imports still to run.
    index('record_imports_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.state} in ('queued', 'running')`),
    index('record_imports_account_idx').on(table.accountId),
    check(
      'record_imports_state_check',
      sql`${table.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    check('record_imports_mode_check', sql`${table.mode} in ('check', 'apply')`),
  ],
);
