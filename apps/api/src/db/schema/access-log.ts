import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  inet,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const ACCESS_LOG_EVENTS = ['sign-in', 'sign-in-failed', 'refresh', 'sign-out'] as const;
export type AccessLogEvent = (typeof ACCESS_LOG_EVENTS)[number];

/**
 * Application access log (Marco Civil da Internet, art. 15: kept at least 6 months). A row outlives
 * the account it names (`set null`) because the law asks for the record, not for the account.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    event: varchar('event', { length: 20 }).$type<AccessLogEvent>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The e-mail as typed for a failed sign-in, so attempts on unknown accounts are traceable too. */
    email: varchar('email', { length: 200 }),
    /** The client's address, validated (lib/audit/client-trace.ts); null when it was not one. */
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('access_log_occurred_at_idx').on(table.occurredAt),
    index('access_log_user_idx').on(table.userId, table.occurredAt),
    // A person's export and erasure find the failed sign-ins typing any address the account ever had.
    index('access_log_email_idx').on(sql`lower(${table.email})`).where(sql`${table.email} is not null`),
    check(
      'access_log_event_check',
      sql`${table.event} in ('sign-in', 'sign-in-failed', 'refresh', 'sign-out')`,
    ),
  ],
);
