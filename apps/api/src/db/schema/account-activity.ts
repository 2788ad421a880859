import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * When an account last signed in or refreshed its session: what the personal-data retention counts
 * from. It outlives the access log's pruning, and it is a table of its own, not a users column,
 * because a users update would leave an audit event for every sign-in.
 */
export const accountActivity = pgTable('account_activity', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
});
