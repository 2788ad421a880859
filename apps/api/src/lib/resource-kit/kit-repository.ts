import { and, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import type { AccessScope } from '../access-scope.ts';
import {
  insertRecord,
  quickSearch,
  type SoftDeleteRules,
  type SoftDeleteTable,
  type SoftDeleteWrites,
  softDeleteWrites,
  updateRecord,
} from './record-writes.ts';
import type { RecordReader, ResourceList } from './resource-list.ts';

/**
 * What a kit repository is made of: its list (`resourceList`), its state changes' rules
 * (`softDeleteWrites`) and, when a form looks it up, its typeahead: the text searched and the fields
 * answered.
 */
export type KitRepositoryDeclaration<Record, Fields extends SelectedFields, Table extends SoftDeleteTable> = {
  list: Pick<ResourceList<Record, never>, 'on' | 'narrow'>;
  writes: SoftDeleteRules & { table: Table };
  typeahead?: { searchText: PgColumn; fields: Fields };
};

/** How many records a typeahead offers. */
const QUICK_SEARCH_LIMIT = 10;

/**
 * The part of a repository every kit resource has: its reads, its state changes, its typeahead, the
 * insert and update of its own columns, and its transaction (a repository of the same class on the
 * transaction's handle). A resource's repository extends it with what is its own (child rows, locks):
 * `class XRepository extends KitRepository<XRecord, XOption, typeof x> { constructor(db) { super(db, { … }) } … }`
 * (the table as the third argument types what `insert` and `update` take).
 */
export class KitRepository<
  Record,
  Fields extends SelectedFields = SelectedFields,
  Table extends SoftDeleteTable = SoftDeleteTable,
> {
  /** List, export and get reads. */
  readonly reader: RecordReader<Record>;
  /** Activate, deactivate and delete for good. */
  readonly writes: SoftDeleteWrites;

  constructor(
    readonly db: Database,
    private readonly declaration: KitRepositoryDeclaration<Record, Fields, Table>,
  ) {
    this.reader = declaration.list.on(db);
    this.writes = softDeleteWrites(db, declaration.writes);
  }

  /** Inserts a record's own columns (a save's `values(body)`) in the caller's transaction; answers its id. */
  insert(values: Table['$inferInsert']): Promise<number> {
    return insertRecord(this.db, this.declaration.writes.table, values);
  }

  /**
   * Updates a record's own columns and when it was updated; false when the row is gone or is no longer
   * `version` (the `updatedAt` the save was based on).
   */
  update(id: number, values: Partial<Table['$inferInsert']>, version?: string): Promise<boolean> {
    return updateRecord(this.db, this.declaration.writes.table, id, values, version);
  }

  /** A repository of the same class on `db` (an import's transaction handle). */
  on(db: Database): this {
    const Repository = this.constructor as new (db: Database) => this;
    return new Repository(db);
  }

  /** Runs `work` in a transaction (a savepoint in the caller's), on a repository of the same class. */
  transaction<T>(work: (repository: this) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.on(tx as unknown as Database)));
  }

  /**
   * Up to `limit` (`QUICK_SEARCH_LIMIT` unless given) active records whose search text contains `text`
   * (and `where`), within `scope` (staff when absent), for a typeahead.
   */
  quickSearch(
    text: string,
    options: { where?: SQL; scope?: AccessScope; limit?: number } = {},
  ): Promise<SelectResultFields<Fields>[]> {
    const { typeahead, writes, list } = this.declaration;
    if (!typeahead) throw new Error('This resource declares no typeahead');
    const within = and(options.where, list.narrow(options.scope));
    const limit = options.limit ?? QUICK_SEARCH_LIMIT;
    return quickSearch(this.db, { table: writes.table, ...typeahead, where: within }, text, limit);
  }

  /** The condition `scope` puts on the resource's rows (none for staff), for the repository's own reads. */
  narrow(scope: AccessScope | undefined): SQL | undefined {
    return this.declaration.list.narrow(scope);
  }
}
