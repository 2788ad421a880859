import type { AddressBody } from '@scentia/shared/address.schemas';
import type { ListQuery } from '@scentia/shared/list.schemas';
import type { Database } from '../../db/client.ts';
import type { AccessScope } from '../access-scope.ts';
import type { ImportDeclaration } from './import/import-declaration.ts';
import type { Importer } from './import/importing-service.ts';
import { type KitImportDeclaration, kitImportDeclaration } from './import/kit-import.ts';
import { type AddressColumns, addressValues, type OptionalAddressColumns } from './record-address.ts';
import { recordReads } from './record-reads.ts';
import { type RecordSaves, recordSaves, type SavedBody, type SavingRepository } from './record-saves.ts';
import { type RecordStates, recordStates } from './record-states.ts';
import type { SoftDeleteWrites } from './record-writes.ts';
import type { RecordReader, ResourceList } from './resource-list.ts';

/**
 * The kit's part of a resource's service, from its `recordReads`, `recordStates` and `recordSaves`:
 * the reads the list, export, bulk selection and record routes call, the saves and the state changes.
 * A service spreads it and adds what is its own (its typeahead, its commands):
 * `return { ...kitService({ reads, states, saves }), quickSearch: … }`.
 */
export function kitService<
  Reads extends { list: unknown; exportBatches: unknown; selection: unknown; get: unknown },
  States extends { activate: unknown; deactivate: unknown; deletePermanently: unknown; bulk: unknown },
  Saves extends { create: unknown; update: unknown },
>({ reads, states, saves }: { reads: Reads; states: States; saves: Saves }) {
  return {
    list: reads.list as Reads['list'],
    exportBatches: reads.exportBatches as Reads['exportBatches'],
    selection: reads.selection as Reads['selection'],
    get: reads.get as Reads['get'],
    create: saves.create as Saves['create'],
    update: saves.update as Saves['update'],
    activate: states.activate as States['activate'],
    deactivate: states.deactivate as States['deactivate'],
    deletePermanently: states.deletePermanently as States['deletePermanently'],
    bulkStates: states.bulk as States['bulk'],
  };
}

/** What `recordService` needs of a resource's repository: a `KitRepository` (or a class extending it). */
type ServiceRepository<Record, Values> = SavingRepository<Record, Values> & {
  reader: RecordReader<Record>;
  writes: SoftDeleteWrites;
  quickSearch(text: string, options?: { scope?: AccessScope }): Promise<unknown>;
};

/** A body's `address` as the record's columns: an optional one's country may be null. */
type AddressValues<Body> = Body extends { address: infer Address }
  ? null extends Address
    ? OptionalAddressColumns
    : AddressColumns
  : unknown;

/**
 * `values` of a resource whose body's fields are its record's columns, named alike (what a resource
 * with the kit's fields writes): every field but the version (`updatedAt`), the address block as its
 * columns (`addressValues`; none for a null optional address): `values: kitValues<OrganizationBody>()`.
 * A field stored otherwise (child rows, another name) makes the resource write its own `values`.
 */
export function kitValues<Body extends SavedBody>() {
  return (body: Body) => {
    const { updatedAt: _version, address, ...own } = body as Body & { address?: AddressBody | null };
    const columns = address === undefined ? own : { ...own, ...addressValues(address) };
    return columns as Omit<Body, 'updatedAt' | 'address'> & AddressValues<Body>;
  };
}

/**
 * What a resource's `import` gets from the kit: the saves (this service on the import's transaction
 * handle, so that a row is saved with every rule of the form) and the body as the record's columns,
 * which the import compares with the stored ones ("unchanged"). Both are its declaration's defaults;
 * a resource reads them only to wrap them (a location's schedule).
 */
export type KitImport<Body> = {
  saves: (db: Database) => {
    create(body: Body): Promise<unknown>;
    update(id: number, body: Body): Promise<unknown>;
  };
  valuesOf: (body: Body) => globalThis.Record<string, unknown>;
};

/** What `recordService` reads of a resource's declaration, its import aside. */
type KitDeclaration<
  Record extends { id: number; deletedAt: Date | null },
  Row,
  Action extends string,
  Body extends SavedBody,
  Values,
  Repository,
  Query extends ListQuery,
> = {
  list: Pick<ResourceList<Record, Query>, 'plan'>;
  toRow: (record: Record) => Row | Promise<Row>;
} & Omit<RecordStates<Record, Row, Action | 'edit' | 'toggle' | 'delete'>, 'reads' | 'writes'> &
  Omit<RecordSaves<Record, Row, Body, Values, Repository>, 'reads' | 'repository' | 'states'>;

/**
 * A resource's whole kit service from its declaration, in one call: its reads (`list`, `toRow`), its
 * state changes (the shared rule's `refusal`, `describe`, …), its saves (`values`, `children`, …), the
 * unique constraints both answer (`unique`, declared once), its typeahead (the repository's
 * `quickSearch`, `QUICK_SEARCH_LIMIT` records, within the caller's scope) and, with `import`, its
 * spreadsheet import (`service.importer`, for `registerImportRoutes`). `values` is `kitValues<Body>()`
 * when the body's fields are the record's columns. It answers the service and its parts, for the
 * commands a resource adds: `const { service, reads } = recordService(repository, { … })`.
 */
export function recordService<
  Record extends { id: number; deletedAt: Date | null },
  Row,
  Action extends string,
  Body extends SavedBody,
  Values,
  Repository extends ServiceRepository<Record, Values> & {
    db: Database;
    on(db: Database): Repository;
    transaction<T>(work: (tx: Repository) => Promise<T>): Promise<T>;
  },
  Query extends ListQuery = ListQuery,
  Imported = never,
>(
  repository: Repository,
  declaration: KitDeclaration<Record, Row, Action, Body, Values, Repository, Query> & {
    /**
     * The resource's spreadsheet import: `import: organizationImport`, a function of the kit's saves and
     * values answering its columns and keys; its `toInput`, `comparable`, `saves` and `prefill` are the
     * kit's unless declared (`KitImportDeclaration`).
     */
    import?: (kit: KitImport<Body>) => KitImportDeclaration<Imported>;
  },
) {
  const parts = kitParts<Record, Row, Action, Body, Values, Repository, Query>(repository, declaration);
  const importDeclaration = declaration.import;
  if (!importDeclaration) return parts as KitParts<typeof parts, Imported>;
  const kit: KitImport<Body> = {
    saves: (db) =>
      kitParts<Record, Row, Action, Body, Values, Repository, Query>(repository.on(db), declaration).service,
    valuesOf: declaration.values as KitImport<Body>['valuesOf'],
  };
  // The kit's saves and values serve the import's rows, whose body is the form's (or extends it).
  const defaults = { comparable: kit.valuesOf, saves: kit.saves } as unknown as Pick<
    ImportDeclaration<Imported>,
    'comparable' | 'saves'
  >;
  const importer: Importer<Imported> = {
    db: repository.db,
    declaration: kitImportDeclaration(importDeclaration(kit), defaults),
  };
  return { ...parts, service: { ...parts.service, importer } } as KitParts<typeof parts, Imported>;
}

/** The service answers its `importer` when the resource declares an `import`. */
type KitParts<Parts extends { service: unknown }, Imported> = [Imported] extends [never]
  ? Parts
  : Omit<Parts, 'service'> & { service: Parts['service'] & { importer: Importer<Imported> } };

/** `recordService` without its import: the service and its parts on `repository`. */
function kitParts<
  Record extends { id: number; deletedAt: Date | null },
  Row,
  Action extends string,
  Body extends SavedBody,
  Values,
  Repository extends ServiceRepository<Record, Values> & {
    transaction<T>(work: (tx: Repository) => Promise<T>): Promise<T>;
  },
  Query extends ListQuery,
>(repository: Repository, declaration: KitDeclaration<Record, Row, Action, Body, Values, Repository, Query>) {
  const { list, toRow, refusal, describe, beforeActivate, files, unique } = declaration;
  const reads = recordReads<Record, Row, Query>({ list, reader: repository.reader, toRow });
  const states = recordStates<Record, Row, Action | 'edit'>({
    reads,
    writes: repository.writes,
    refusal,
    describe,
    beforeActivate,
    files,
    unique,
  });
  const saves = recordSaves<Record, Row, Body, Values, Repository>({
    ...declaration,
    reads,
    repository,
    states,
  });
  const service = {
    ...kitService({ reads, states, saves }),
    /** Active records whose search text contains `text`, within `scope` (staff when absent). */
    quickSearch: (text: string, scope?: AccessScope) =>
      repository.quickSearch(text, { scope }) as ReturnType<Repository['quickSearch']>,
  };
  return { service, reads, states, saves };
}
