import { type AnyColumn, and, eq, isNull, sql } from 'drizzle-orm';
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
export async function setActive(db: Database, table: SoftDeleteTable, id: number, isActive: boolean) {
  const now = new Date();
  await db.transaction((tx) =>
    tx
      .update(table)
      .set({ deletedAt: isActive ? null : now, updatedAt: now } as never)
      .where(eq(table.id, id)),
  );
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
