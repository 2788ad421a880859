import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Server-side settings that every instance must share, such as the generated token-signing key used
 * when JWT_SECRET is not configured. Never exposed through the API.
 */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
