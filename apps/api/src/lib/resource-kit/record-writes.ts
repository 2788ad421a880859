import { type AnyColumn, and, eq, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../search-text.ts';

/** A soft-deleted resource's table: its id, and the columns activating and deactivating write. */
export type SoftDeleteTable = PgTable & { id: PgColumn; deletedAt: PgColumn; updatedAt: PgColumn };

/**
 * Activates (clears `deletedAt`) or deactivates (sets it) one record, touching `updatedAt`. In a
 * transaction of its own (a savepoint in the caller's), so that the audit trail names who did it.
 */
async function setActive(db: Database, table: SoftDeleteTable, id: number, isActive: boolean) {
  const now = new Date();
  await db.transaction((tx) =>
    tx
      .update(table)
      .set({ deletedAt: isActive ? null : now, updatedAt: now } as never)
      .where(eq(table.id, id)),
  );
}

/**
 * One of the resource's own rules as SQL, true while the record must stay as it is (a category that
 * has fragrances, the default campaign). It is checked in the statement it guards, so a change made
 * between the service's check and the write cannot slip through.
 */
type RecordHold = (id: number) => SQL;

/** The state changes every soft-deleted resource has, as the kit's service side asks for them. */
export type SoftDeleteWrites = {
  activate(id: number): Promise<void>;
  /** Deactivates an active record unless `keepsActive` holds; false when nothing was written. */
  deactivate(id: number): Promise<boolean>;
  /**
   * Deletes an inactive record unless `keepsRow` holds, and runs `alongside` in the same transaction
   * (releasing its files, say); false when nothing was deleted (and `alongside` did not run).
   */
  deleteInactive(id: number, alongside?: (tx: Database) => Promise<void>): Promise<boolean>;
};

/**
 * A repository's activate, deactivate and delete for good, each in a transaction of its own (a
 * savepoint in the caller's) so that the audit trail names who did it. Rows that other tables refer
 * to without a cascade are the database's to refuse; the holds say when the service's rule refuses.
 */
export function softDeleteWrites(
  db: Database,
  rules: { table: SoftDeleteTable; keepsActive?: RecordHold; keepsRow?: RecordHold },
): SoftDeleteWrites {
  const { table, keepsActive, keepsRow } = rules;
  const returningId = { id: table.id };
  return {
    activate: (id) => setActive(db, table, id, true),

    async deactivate(id) {
      const now = new Date();
      const rows = await db.transaction((tx) =>
        tx
          .update(table)
          .set({ deletedAt: now, updatedAt: now } as never)
          .where(and(eq(table.id, id), isNull(table.deletedAt), keepsActive && not(keepsActive(id))))
          .returning(returningId),
      );
      return rows.length === 1;
    },

    deleteInactive: (id, alongside) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .delete(table)
          .where(and(eq(table.id, id), isNotNull(table.deletedAt), keepsRow && not(keepsRow(id))))
          .returning(returningId);
        if (rows.length !== 1) return false;
        await alongside?.(tx as unknown as Database);
        return true;
      }),
  };
}

/**
 * Replaces a record's child rows (its translations, say): the old ones go, the new ones come, in the
 * caller's transaction. Each new row carries its parent's key already.
 */
export async function replaceChildRows<Table extends PgTable>(
  db: Database,
  table: Table,
  parent: { column: AnyColumn; id: number },
  rows: Table['$inferInsert'][],
): Promise<void> {
  await db.delete(table).where(eq(parent.column, parent.id));
  if (rows.length > 0) await db.insert(table).values(rows);
}

/**
 * A form's typeahead: up to `limit` active records whose normalised name contains the text, in name
 * order (the `search_text` column's index).
 */
export async function quickSearch<Fields extends SelectedFields>(
  db: Database,
  source: { table: SoftDeleteTable; searchText: PgColumn; fields: Fields },
  text: string,
  limit: number,
): Promise<SelectResultFields<Fields>[]> {
  const query = db.select(source.fields).from(source.table).$dynamic() as unknown as PgSelect;
  const rows = await query
    .where(
      and(
        isNull(source.table.deletedAt),
        text ? sql`${source.searchText} like ${containsPattern(text)}` : undefined,
      ),
    )
    .orderBy(source.searchText)
    .limit(limit);
  return rows as unknown as SelectResultFields<Fields>[];
}
