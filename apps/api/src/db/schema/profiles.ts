import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Access profiles (spec §3 Profile). `masterProfileId` is the spec's `perfilMaster`: the profile this one
 * answers to. ADMIN is the master profile and has none.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    masterProfileId: integer('master_profile_id').references((): AnyPgColumn => profiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('profiles_name_upper_key').on(sql`upper(${table.name})`)],
);
