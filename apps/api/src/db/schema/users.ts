import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/** PostgreSQL's full-text vector; only the database writes and reads it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Staff and app accounts (spec §3 User). `deletedAt` set means inactive; `confirmedAt` null means the
 * account has not been activated yet. The address is one-to-one and optional, so it lives inline.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
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
    /** Name and e-mail lower-cased without accents, kept by a trigger; the name sort uses it. */
    searchText: varchar('search_text', { length: 401 }).notNull().default(''),
    /** The words of `searchText` (e-mail split at its punctuation), kept by the same trigger, for search. */
    searchWords: tsvector('search_words').notNull().default(sql`''::tsvector`),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_profile_id_idx').on(table.profileId),
    // Word-prefix search (docs/decisions.md): a GIN index answers the words typed, and the partial one
    // lets the default list (active users) count its matches without reading the table.
    index('users_search_words_idx').using('gin', table.searchWords),
    index('users_active_search_words_idx')
      .using('gin', table.searchWords)
      .where(sql`${table.deletedAt} is null`),
    // Names sort by their search text: accent- and case-insensitive, the same on every collation.
    index('users_search_text_idx').on(table.searchText, table.id),
    index('users_email_idx').on(table.email, table.id),
    index('users_created_at_idx').on(table.createdAt, table.id),
    check('users_genre_check', sql`${table.genre} is null or ${table.genre} in ('M', 'F', 'O')`),
  ],
);
