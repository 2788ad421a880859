import type { ListQuery } from '@scentia/shared/list.schemas';
import type { AccessScope } from '../access-scope.ts';
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

/**
 * A resource's whole kit service from its declaration, in one call: its reads (`list`, `toRow`), its
 * state changes (the shared rule's `refusal`, `describe`, …), its saves (`values`, `children`, …), the
 * unique constraints both answer (`unique`, declared once) and its typeahead (the repository's
 * `quickSearch`, `QUICK_SEARCH_LIMIT` records, within the caller's scope). It answers the service and its
 * parts, for the commands a resource adds: `const { service, reads } = recordService(repository, { … })`.
 */
export function recordService<
  Record extends { id: number; deletedAt: Date | null },
  Row,
  Action extends string,
  Body extends SavedBody,
  Values,
  Repository extends ServiceRepository<Record, Values> & {
    transaction<T>(work: (tx: Repository) => Promise<T>): Promise<T>;
  },
  Query extends ListQuery = ListQuery,
>(
  repository: Repository,
  declaration: {
    list: Pick<ResourceList<Record, Query>, 'plan'>;
    toRow: (record: Record) => Row | Promise<Row>;
  } & Omit<RecordStates<Record, Row, Action | 'edit' | 'toggle' | 'delete'>, 'reads' | 'writes'> &
    Omit<RecordSaves<Record, Row, Body, Values, Repository>, 'reads' | 'repository' | 'states'>,
) {
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
