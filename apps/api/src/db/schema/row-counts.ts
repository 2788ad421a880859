import { bigint, boolean, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/**
 * Exact row counts per resource and state (active = `deleted_at` is null), kept by statement-level
 * triggers in the same transaction as every insert, update and delete. Unfiltered list totals read
 * them in O(1) instead of counting a million rows per request. Each connection adds to one of 16
 * shards (by backend pid), so concurrent writes do not queue on a single counter row until they
 * commit; readers sum the shards.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    resource: varchar('resource', { length: 50 }).notNull(),
    isActive: boolean('is_active').notNull(),
    shard: smallint('shard').notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.resource, table.isActive, table.shard] })],
);

/**
 * The number of users of each profile (active or not), kept by statement-level triggers on users like
 * `row_counts`: the profiles list shows it without counting a million users.
 */
export const profileUserCounts = pgTable('profile_user_counts', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull(),
});
