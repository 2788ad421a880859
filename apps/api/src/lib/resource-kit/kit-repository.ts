import { and, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import type { AccessScope } from '../access-scope.ts';
import {
  quickSearch,
  type SoftDeleteRules,
  type SoftDeleteWrites,
  softDeleteWrites,
} from './record-writes.ts';
import type { RecordReader, ResourceList } from './resource-list.ts';

/**
 * What a kit repository is made of: its list (`resourceList`), its state changes' rules
 * (`softDeleteWrites`) and, when a form looks it up, its typeahead: the text searched and the fields
 * answered.
 */
export type KitRepositoryDeclaration<Record, Fields extends SelectedFields> = {
  list: Pick<ResourceList<Record, never>, 'on' | 'narrow'>;
  writes: SoftDeleteRules;
  typeahead?: { searchText: PgColumn; fields: Fields };
};

/**
 * The part of a repository every kit resource has: its reads, its state changes, its typeahead and
 * its transaction (a repository of the same class on the transaction's handle). A resource's
 * repository extends it with its own writes (insert, update, child rows):
 * `class XRepository extends KitRepository<XRecord> { constructor(db) { super(db, { … }) } … }`.
 */
export class KitRepository<Record, Fields extends SelectedFields = SelectedFields> {
  /** List, export and get reads. */
  readonly reader: RecordReader<Record>;
  /** Activate, deactivate and delete for good. */
  readonly writes: SoftDeleteWrites;

  constructor(
    readonly db: Database,
    private readonly declaration: KitRepositoryDeclaration<Record, Fields>,
  ) {
    this.reader = declaration.list.on(db);
    this.writes = softDeleteWrites(db, declaration.writes);
  }

  /** Runs `work` in a transaction (a savepoint in the caller's), on a repository of the same class. */
  transaction<T>(work: (repository: this) => Promise<T>): Promise<T> {
    const Repository = this.constructor as new (db: Database) => this;
    return this.db.transaction((tx) => work(new Repository(tx as unknown as Database)));
  }

  /**
   * Up to `limit` active records whose search text contains `text` (and `where`), within `scope`
   * (staff when absent), for a typeahead.
   */
  quickSearch(
    text: string,
    limit: number,
    where?: SQL,
    scope?: AccessScope,
  ): Promise<SelectResultFields<Fields>[]> {
    const { typeahead, writes, list } = this.declaration;
    if (!typeahead) throw new Error('This resource declares no typeahead');
    const within = and(where, list.narrow(scope));
    return quickSearch(this.db, { table: writes.table, ...typeahead, where: within }, text, limit);
  }

  /** The condition `scope` puts on the resource's rows (none for staff), for the repository's own reads. */
  narrow(scope: AccessScope | undefined): SQL | undefined {
    return this.declaration.list.narrow(scope);
  }
}
