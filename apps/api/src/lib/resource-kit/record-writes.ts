import {
  type AnyColumn,
  and,
  asc,
  eq,
  getTableName,
  inArray,
  isNotNull,
  isNull,
  not,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../search-text.ts';

/** A soft-deleted resource's table: its id, and the columns activating and deactivating write. */
export type SoftDeleteTable = PgTable & { id: PgColumn; deletedAt: PgColumn; updatedAt: PgColumn };

/**
 * The record a hold is asked about: its id, or the table's id column when one statement writes many
 * rows (`deactivateMany`), each row then checked against its own id.
 */
export type HeldRecord = number | AnyColumn;

/**
 * One of the resource's own rules as SQL, true while the record must stay as it is (a category that
 * has fragrances, the default campaign). It is checked in the statement it guards, so a change made
 * between the service's check and the write cannot slip through.
 */
type RecordHold = (id: HeldRecord) => SQL;

/** The state changes every soft-deleted resource has, as the kit's service side asks for them. */
export type SoftDeleteWrites = {
  /** Activates a record unless `activatesOnlyIf` says no; false when nothing was written. */
  activate(id: number): Promise<boolean>;
  /** Deactivates an active record unless `keepsActive` holds; false when nothing was written. */
  deactivate(id: number): Promise<boolean>;
  /**
   * Deletes an inactive record unless `keepsRow` holds, and runs `alongside` in the same transaction
   * (releasing its files, say); false when nothing was deleted (and `alongside` did not run).
   */
  deleteInactive(id: number, alongside?: (tx: Database) => Promise<void>): Promise<boolean>;
  /**
   * `activate` of many records in one statement, each row with its own `activatesOnlyIf`: the ids
   * written. A unique violation refuses the whole statement (its caller then goes row by row).
   */
  activateMany(ids: number[]): Promise<number[]>;
  /** `deactivate` of many records in one statement, each row with its own `keepsActive`: the ids written. */
  deactivateMany(ids: number[]): Promise<number[]>;
  /**
   * `deleteInactive` of many records in one statement, each row with its own `keepsRow`; `alongside`
   * gets the ids deleted, in the same transaction. A foreign key violation refuses the whole statement.
   */
  deleteInactiveMany(
    ids: number[],
    alongside?: (tx: Database, deleted: number[]) => Promise<void>,
  ): Promise<number[]>;
};

/**
 * Locks the record before a statement that checks a hold. Under READ COMMITTED a statement that waits
 * for a row lock re-reads that row but not the tables its hold looks in (the location a concurrent
 * request was inserting): once this lock is granted, the next statement sees what that request
 * committed. FOR UPDATE waits for the key share a row referring to the record takes, and for
 * `lockActive`.
 */
async function lockRecord(db: Database, table: SoftDeleteTable, id: number) {
  await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
}

/** `lockRecord` of many records, in the order of their ids (two bulk actions never wait on each other's). */
async function lockRecords(db: Database, table: SoftDeleteTable, ids: number[]) {
  await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id))
    .for('update');
}

/**
 * A repository's activate, deactivate and delete for good, each in a transaction of its own (a
 * savepoint in the caller's) so that the audit trail names who did it. Rows that other tables refer
 * to without a cascade are the database's to refuse; the holds say when the service's rule refuses.
 * `activatesOnlyIf` is the opposite hold: true while the record may be activated (a location whose
 * organisation is active), checked in the activating statement too.
 */
export type SoftDeleteRules = {
  table: SoftDeleteTable;
  keepsActive?: RecordHold;
  keepsRow?: RecordHold;
  activatesOnlyIf?: RecordHold;
};

export function softDeleteWrites(db: Database, rules: SoftDeleteRules): SoftDeleteWrites {
  const { table, keepsActive, keepsRow, activatesOnlyIf } = rules;
  const returningId = { id: table.id };
  return {
    async activate(id) {
      const now = new Date();
      const rows = await db.transaction((tx) =>
        tx
          .update(table)
          .set({ deletedAt: null, updatedAt: now } as never)
          .where(and(eq(table.id, id), activatesOnlyIf?.(id)))
          .returning(returningId),
      );
      return rows.length === 1;
    },

    async deactivate(id) {
      const now = new Date();
      const rows = await db.transaction(async (tx) => {
        if (keepsActive) await lockRecord(tx as unknown as Database, table, id);
        return tx
          .update(table)
          .set({ deletedAt: now, updatedAt: now } as never)
          .where(and(eq(table.id, id), isNull(table.deletedAt), keepsActive && not(keepsActive(id))))
          .returning(returningId);
      });
      return rows.length === 1;
    },

    deleteInactive: (id, alongside) =>
      db.transaction(async (tx) => {
        if (keepsRow) await lockRecord(tx as unknown as Database, table, id);
        const rows = await tx
          .delete(table)
          .where(and(eq(table.id, id), isNotNull(table.deletedAt), keepsRow && not(keepsRow(id))))
          .returning(returningId);
        if (rows.length !== 1) return false;
        await alongside?.(tx as unknown as Database);
        return true;
      }),

    async activateMany(ids) {
      if (ids.length === 0) return [];
      const now = new Date();
      const rows = await db.transaction((tx) =>
        tx
          .update(table)
          .set({ deletedAt: null, updatedAt: now } as never)
          .where(and(inArray(table.id, ids), activatesOnlyIf?.(table.id)))
          .returning(returningId),
      );
      return rows.map((row) => row.id as number);
    },

    async deactivateMany(ids) {
      if (ids.length === 0) return [];
      const now = new Date();
      const rows = await db.transaction(async (tx) => {
        if (keepsActive) await lockRecords(tx as unknown as Database, table, ids);
        return tx
          .update(table)
          .set({ deletedAt: now, updatedAt: now } as never)
          .where(
            and(inArray(table.id, ids), isNull(table.deletedAt), keepsActive && not(keepsActive(table.id))),
          )
          .returning(returningId);
      });
      return rows.map((row) => row.id as number);
    },

    async deleteInactiveMany(ids, alongside) {
      if (ids.length === 0) return [];
      return db.transaction(async (tx) => {
        if (keepsRow) await lockRecords(tx as unknown as Database, table, ids);
        const rows = await tx
          .delete(table)
          .where(and(inArray(table.id, ids), isNotNull(table.deletedAt), keepsRow && not(keepsRow(table.id))))
          .returning(returningId);
        const deleted = rows.map((row) => row.id as number);
        if (deleted.length > 0) await alongside?.(tx as unknown as Database, deleted);
        return deleted;
      });
    },
  };
}

/** Inserts a record's own columns in the caller's transaction; answers its id. */
export async function insertRecord<Table extends SoftDeleteTable>(
  db: Database,
  table: Table,
  values: Table['$inferInsert'],
): Promise<number> {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error(`No row inserted into ${getTableName(table)}`);
  return row.id as number;
}

/**
 * The stale-save check of every editable record: true while the row's `updatedAt`, to the millisecond
 * as the answers write it, is the version the form loaded. A save that names no version (a client of
 * the spec's body) is not checked. Put in the updating statement itself, which locks the row: of two
 * saves based on the same version, the second finds the first's and writes nothing.
 */
export function isVersion(updatedAt: PgColumn, version: string | undefined): SQL | undefined {
  return version === undefined
    ? undefined
    : sql`date_trunc('milliseconds', ${updatedAt}) = ${version}::timestamptz`;
}

/**
 * Updates some of a record's own columns, and when it was updated, in the caller's transaction; false
 * when the row is gone or is no longer `version` (the `updatedAt` the save was based on, if any).
 */
export async function updateRecord<Table extends SoftDeleteTable>(
  db: Database,
  table: Table,
  id: number,
  values: Partial<Table['$inferInsert']>,
  version?: string,
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(and(eq(table.id, id), isVersion(table.updatedAt, version)))
    .returning({ id: table.id });
  return rows.length === 1;
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
  source: { table: SoftDeleteTable; searchText: PgColumn; fields: Fields; where?: SQL },
  text: string,
  limit: number,
): Promise<SelectResultFields<Fields>[]> {
  const query = db.select(source.fields).from(source.table).$dynamic() as unknown as PgSelect;
  const rows = await query
    .where(
      and(
        isNull(source.table.deletedAt),
        source.where,
        text ? sql`${source.searchText} like ${containsPattern(text)}` : undefined,
      ),
    )
    .orderBy(source.searchText)
    .limit(limit);
  return rows as unknown as SelectResultFields<Fields>[];
}

/**
 * A record another row is about to refer to (a location's organisation), in the caller's transaction:
 * true when it exists and is active, and then it stays so until the transaction ends (FOR SHARE, which
 * a deactivation's lock waits for). False for an unknown id too.
 */
export async function lockActive(db: Database, table: SoftDeleteTable, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .for('share');
  return rows.length === 1;
}
