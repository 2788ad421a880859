import { ErrorCode } from '@scentia/shared/error-codes';
import type { ListQuery, Page } from '@scentia/shared/list.schemas';
import type { AccessScope } from '../access-scope.ts';
import { AppError } from '../app-error.ts';
import { toPage } from '../list-query.ts';
import type { RecordReader, ResourceList, ResourcePlan } from './resource-list.ts';

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
  };
}
