import { ErrorCode } from '@scentia/shared/error-codes';
import { asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client.ts';
import { toSearchText } from '../../search-text.ts';
import type { SoftDeleteTable } from '../record-writes.ts';
import type { ExistingRecord, ImportDeclaration, ImportUnique } from './import-declaration.ts';

/**
 * The `findExisting` of a resource whose natural key is one column stored as the row's key is (an
 * organisation's CNPJ; a name keyed as `search_name` stores it, with `nameNaturalKey`): its records
 * holding these keys, in one query, with every stored column. Where the key is unique among the active
 * records only (a partial unique index), several may hold it: the active one is found, else the newest.
 */
export function existingByColumn(table: SoftDeleteTable, key: PgColumn) {
  const keyName = Object.entries(getTableColumns(table)).find(([, column]) => column === key)?.[0];
  if (!keyName) throw new Error('The natural key is not a column of the table');
  return async (db: Database, keys: string[]): Promise<Map<string, ExistingRecord>> => {
    const rows = (await db
      .select()
      .from(table)
      .where(inArray(key, keys))
      // Later rows win in the map: the active one last.
      .orderBy(sql`${table.deletedAt} is null`, asc(table.id))) as Record<string, unknown>[];
    return new Map(
      rows.map((row) => [
        String(row[keyName]),
        { id: row.id as number, isActive: row.deletedAt === null, values: row },
      ]),
    );
  };
}

/**
 * The natural key of a resource found by its name (its CNPJ optional, say): the name as `search_name`
 * stores it (lower-cased, without accents), for `existingByColumn(<table>, <table>.searchName)`.
 */
export const nameNaturalKey = {
  column: 'name',
  of: (body: { name: string }) => toSearchText(body.name),
};

/**
 * Another unique column than the name (an optional CNPJ of a resource keyed by its name): a repeat
 * inside the file, or a value another record holds, is refused `code`. `naturalKey` is the column that
 * names the holder as the import's natural key is stored (`searchName`): the row's own record keeps it.
 */
export function uniqueColumn<Body>(
  table: SoftDeleteTable,
  unique: { column: string; stored: PgColumn; key: (body: Body) => string | null; code: ErrorCode },
  naturalKey: PgColumn,
): ImportUnique<Body> {
  return {
    column: unique.column,
    key: unique.key,
    findTaken: async (db, keys) => {
      const rows = await db
        .select({ value: unique.stored, key: naturalKey })
        .from(table)
        .where(inArray(unique.stored, keys));
      return new Map(rows.map((row) => [String(row.value), String(row.key)]));
    },
    code: unique.code,
  };
}

/**
 * The unique name of a resource whose unique index is on `searchName` (the name lower-cased without
 * accents): a repeat inside the file, or a name another record holds, is refused `NAME_TAKEN`.
 * `naturalKey` is the column that names the holder (the CNPJ): the row's own record keeps its name.
 * Part of the kit for a resource keyed by another column (docs/code-style.md), hence exported.
 * @public
 */
export function uniqueName<Body extends { name: string }>(
  table: SoftDeleteTable,
  searchName: PgColumn,
  naturalKey: PgColumn,
): ImportUnique<Body> {
  return uniqueColumn<Body>(
    table,
    {
      column: 'name',
      stored: searchName,
      key: (body) => toSearchText(body.name),
      code: ErrorCode.NAME_TAKEN,
    },
    naturalKey,
  );
}

/** A kit table keyed by its CNPJ or its name: its `search_name` and `cnpj` columns. */
type KeyedTable = SoftDeleteTable & { searchName: PgColumn; cnpj: PgColumn };

/**
 * An import keyed by a required CNPJ (organisations), in one declaration to spread into the import's:
 * a row is its record's by the CNPJ as stored (14 characters, the mask dropped by the body schema), and
 * a name another record holds is refused `NAME_TAKEN` (`...cnpjKey(organizations)`).
 */
export function cnpjKey<Body extends { name: string; cnpj: string }>(table: KeyedTable) {
  return {
    naturalKey: { column: 'cnpj', of: (body: Body) => body.cnpj },
    findExisting: existingByColumn(table, table.cnpj),
    uniques: [uniqueName<Body>(table, table.searchName, table.cnpj)],
  } satisfies Pick<ImportDeclaration<Body>, 'naturalKey' | 'findExisting' | 'uniques'>;
}

/**
 * An import keyed by the name, for a resource whose CNPJ is optional (`optionalCnpjSchema`): a row
 * without a CNPJ has no key of its own to be found by, and the same file imported twice must change
 * nothing, so the name (unique) is the key, and a CNPJ, when given, is refused `CNPJ_TAKEN` where
 * another record, or another row of the file, holds it (`...nameKey(<table>)`).
 */
export function nameKey<Body extends { name: string; cnpj: string | null }>(table: KeyedTable) {
  return {
    naturalKey: nameNaturalKey,
    findExisting: existingByColumn(table, table.searchName),
    uniques: [
      uniqueColumn<Body>(
        table,
        { column: 'cnpj', stored: table.cnpj, key: (body) => body.cnpj, code: ErrorCode.CNPJ_TAKEN },
        table.searchName,
      ),
    ],
  } satisfies Pick<ImportDeclaration<Body>, 'naturalKey' | 'findExisting' | 'uniques'>;
}
