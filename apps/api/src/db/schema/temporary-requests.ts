import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const TEMPORARY_REQUEST_KINDS = ['activation', 'recovery', 'registration'] as const;
export type TemporaryRequestKind = (typeof TEMPORARY_REQUEST_KINDS)[number];

/**
 * Single-use, expiring tokens sent by e-mail (account activation, password recovery, password
 * registration for accounts an admin created). Only the SHA-256 of the token is stored.
 */
export const temporaryRequests = pgTable(
  'temporary_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<TemporaryRequestKind>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('temporary_requests_user_idx').on(table.userId, table.kind),
    check('temporary_requests_kind_check', sql`${table.kind} in ('activation', 'recovery', 'registration')`),
  ],
);
