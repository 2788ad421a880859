import { ErrorCode } from '@scentia/shared/error-codes';
import type { ListQuery, Page } from '@scentia/shared/list.schemas';
import type { AccessScope } from '../access-scope.ts';
import { AppError } from '../app-error.ts';
import { toPage } from '../list-query.ts';
import type { RecordReader, ResourceList, ResourcePlan } from './resource-list.ts';

/** A service's reads for bulk actions: `recordReads(…).selection`, which its service passes on. */
export type Selection<Row, Query extends ListQuery = ListQuery> = {
  rows(ids: number[], scope: AccessScope): Promise<Row[]>;
  ids(query: Query, scope: AccessScope, limit: number): Promise<number[]>;
};

/**
 * A service's list, export and get, from its repository's reader and its answer shape (`toRow`, which
 * may be async: an image URL, say). `getRecord` is the record or a 404, for the service's own rules.
 * Each takes the caller's scope (staff when absent): a member's reads see their organisation's rows
 * only, and another organisation's id is a 404 like an unknown one.
 */
export function recordReads<Record, Row, Query extends ListQuery = ListQuery>(options: {
  list: Pick<ResourceList<Record, Query>, 'plan'>;
  reader: RecordReader<Record>;
  toRow: (record: Record) => Row | Promise<Row>;
}) {
  const { list, reader, toRow } = options;

  async function getRecord(id: number, scope?: AccessScope): Promise<Record> {
    const record = await reader.findById(id, scope);
    if (!record) throw new AppError(ErrorCode.NOT_FOUND);
    return record;
  }

  return {
    getRecord,

    /** The records of `ids` within `scope` (staff when absent), read at once; an unknown id has none. */
    getRecords: (ids: number[], scope?: AccessScope): Promise<Record[]> => reader.findMany(ids, scope),

    async list(query: Query, scope?: AccessScope): Promise<Page<Row>> {
      const plan: ResourcePlan = { ...list.plan(query), scope };
      const { records, total } = await reader.list(plan);
      return toPage(await Promise.all(records.map(toRow)), total, plan.perPage);
    },

    /** Planned before the download starts, so a bad `orderBy` is still a 400, not a cut-off file. */
    exportBatches(query: Query, scope?: AccessScope): AsyncIterable<Record[]> {
      return reader.batches({ ...list.plan(query), scope });
    },

    get: async (id: number, scope?: AccessScope): Promise<Row> => toRow(await getRecord(id, scope)),

    /** What a bulk action reads (lib/resource-kit/bulk-actions.ts): its rows, and the list's ids. */
    selection: {
      /** The rows of `ids` within `scope`, read at once; an unknown or out-of-scope id has none. */
      rows: async (ids: number[], scope: AccessScope): Promise<Row[]> =>
        Promise.all((await reader.findMany(ids, scope)).map(toRow)),
      /** The ids of every row the list shows for `query` within `scope`, at most `limit`. */
      ids: (query: Query, scope: AccessScope, limit: number): Promise<number[]> =>
        reader.ids({ ...list.plan(query), scope }, limit),
    } satisfies Selection<Row, Query>,
  };
}
