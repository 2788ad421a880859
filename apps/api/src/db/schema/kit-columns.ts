import { serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The columns the resource kit reads and writes on every soft-deleted record's table, spread first
 * into its columns (`...kitColumns(540)`): the id; `search_text`, the searched columns joined by spaces
 * and normalised, kept by the triggers `install_resource_triggers` installs (long enough for those
 * columns and their spaces); when it was created and last updated; and `deleted_at`, set while it is
 * inactive. Its `search_*` columns and the two dates stay out of the audit trail by their names.
 */
export function kitColumns(searchTextLength: number) {
  return {
    id: serial('id').primaryKey(),
    searchText: varchar('search_text', { length: searchTextLength }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  };
}
