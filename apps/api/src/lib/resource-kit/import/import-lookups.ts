import { ErrorCode } from '@scentia/shared/error-codes';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { toSearchText } from '../../search-text.ts';
import type { SoftDeleteTable } from '../record-writes.ts';
import type { ExistingRecord, ImportUnique } from './import-declaration.ts';

/**
 * The `findExisting` of a resource whose natural key is one column stored as the row's key is (an
 * organisation's CNPJ): its records holding these keys, in one query, with every stored column.
 */
export function existingByColumn(table: SoftDeleteTable, key: PgColumn) {
  const keyName = Object.entries(getTableColumns(table)).find(([, column]) => column === key)?.[0];
  if (!keyName) throw new Error('The natural key is not a column of the table');
  return async (db: Database, keys: string[]): Promise<Map<string, ExistingRecord>> => {
    const rows = (await db.select().from(table).where(inArray(key, keys))) as Record<string, unknown>[];
    return new Map(
      rows.map((row) => [
        String(row[keyName]),
        { id: row.id as number, isActive: row.deletedAt === null, values: row },
      ]),
    );
  };
}

/**
 * The unique name of a resource whose unique index is on `searchName` (the name lower-cased without
 * accents): a repeat inside the file, or a name another record holds, is refused `NAME_TAKEN`.
 * `naturalKey` is the column that names the holder (the CNPJ): the row's own record keeps its name.
 */
export function uniqueName<Body extends { name: string }>(
  table: SoftDeleteTable,
  searchName: PgColumn,
  naturalKey: PgColumn,
): ImportUnique<Body> {
  return {
    column: 'name',
    key: (body) => toSearchText(body.name),
    findTaken: async (db, names) => {
      const rows = await db
        .select({ searchName, key: naturalKey })
        .from(table)
        .where(inArray(searchName, names));
      return new Map(rows.map((row) => [String(row.searchName), String(row.key)]));
    },
    code: ErrorCode.NAME_TAKEN,
  };
}
