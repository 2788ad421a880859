import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const STORED_FILE_STATES = ['pending', 'committed', 'released'] as const;
export type StoredFileState = (typeof STORED_FILE_STATES)[number];

/**
 * Every file in storage and where it stands (lib/storage/stored-files.ts): `pending` from before it
 * is written until the row that references it commits, `committed` while a row references it,
 * `released` from the commit that stopped referencing it until it is removed. A file whose row never
 * committed, or that was released, is found here by the sweep even when the process died meanwhile.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    state: varchar('state', { length: 16 }).$type<StoredFileState>().notNull(),
    /** When the file entered its state: a pending file is swept only once it is old enough. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The sweep reads only the files waiting for it, never the committed ones.
    index('stored_files_waiting_idx')
      .on(table.state, table.changedAt)
      .where(sql`${table.state} <> 'committed'`),
    check('stored_files_state_check', sql`${table.state} in ('pending', 'committed', 'released')`),
  ],
);
