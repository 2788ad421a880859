import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { emailColumn } from './kit-columns.ts';
import { profiles } from './profiles.ts';

/**
 * Staff and app accounts (spec §3 User). `deletedAt` set means inactive; `confirmedAt` null means the
 * account has not been activated yet. The address is one-to-one and optional, so it lives inline.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: emailColumn().notNull(),
    passwordHash: varchar('password_hash', { length: 255 }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    cpf: varchar('cpf', { length: 14 }),
    document: varchar('document', { length: 14 }),
    genre: varchar('genre', { length: 1 }),
    birthday: date('birthday', { mode: 'string' }),
    street: varchar('street', { length: 200 }),
    city: varchar('city', { length: 200 }),
    state: varchar('state', { length: 200 }),
    zipcode: varchar('zipcode', { length: 12 }),
    country: varchar('country', { length: 2 }),
    language: varchar('language', { length: 5 }).notNull().default('pt-BR'),
    /**
     * Name and e-mail lower-cased without accents, kept by a trigger; the name sort uses it. Migration
     * 0007 gives it collation "C" (byte order), which this builder cannot declare.
     */
    searchText: varchar('search_text', { length: 401 }).notNull().default(''),
    /**
     * Every start (2 to 20 characters) of every word of `searchText`, the e-mail split at its
     * punctuation; starts of the first token are marked: "ana maria" gives {^an, ^ana, ma, mar, mari,
     * maria}. Kept by the same trigger; word-prefix search looks words up here as whole array
     * elements, which a GIN index answers without scanning ranges of keys.
     */
    searchPrefixes: text('search_prefixes').array().notNull().default(sql`'{}'::text[]`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set when the account's personal data was erased (retention or a request); it stays inactive. */
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    // Also the profile sort's walks, one profile after another (users-list.statements.ts); active users
    // have their own, so those walks read the index alone.
    index('users_profile_id_idx').on(table.profileId, table.id),
    index('users_active_profile_id_idx').on(table.profileId, table.id).where(sql`${table.deletedAt} is null`),
    // Word-prefix search (docs/decisions/users-and-profiles.md), one GIN index per state: the default list
    // searches active users only, and a list of every state combines both. The profile is in them too
    // (btree_gin), so one profile's matches are found in the index alone (the profile sort of a broad
    // search).
    index('users_active_search_prefixes_idx')
      .using('gin', table.profileId, table.searchPrefixes)
      .where(sql`${table.deletedAt} is null`),
    index('users_inactive_search_prefixes_idx')
      .using('gin', table.profileId, table.searchPrefixes)
      .where(sql`${table.deletedAt} is not null`),
    // Names sort by their search text: accent- and case-insensitive, byte order on every server.
    index('users_search_text_idx').on(table.searchText, table.id),
    index('users_email_idx').on(table.email, table.id),
    index('users_created_at_idx').on(table.createdAt, table.id),
    // Inactive users are few and may cluster anywhere in a sort (all "Vinícius", all of last year):
    // their lists walk indexes of their own instead of skipping every active user on the way.
    ...(
      [
        ['search_text', table.searchText],
        ['email', table.email],
        ['created_at', table.createdAt],
        ['profile_id', table.profileId],
      ] as const
    ).map(([name, column]) =>
      index(`users_inactive_${name}_idx`).on(column, table.id).where(sql`${table.deletedAt} is not null`),
    ),
    index('users_inactive_id_idx').on(table.id).where(sql`${table.deletedAt} is not null`),
    check('users_genre_check', sql`${table.genre} is null or ${table.genre} in ('M', 'F', 'O')`),
  ],
);
