import { ErrorCode } from '@scentia/shared/error-codes';
import type { ListQuery, Page } from '@scentia/shared/list.schemas';
import { AppError } from '../app-error.ts';
import { toPage } from '../list-query.ts';
import type { RecordReader, ResourceList, ResourcePlan } from './resource-list.ts';

/**
 * A service's list, export and get, from its repository's reader and its answer shape (`toRow`, which
 * may be async: an image URL, say). `getRecord` is the record or a 404, for the service's own rules.
 */
export function recordReads<Record, Row, Query extends ListQuery = ListQuery>(options: {
  list: Pick<ResourceList<Record, Query>, 'plan'>;
  reader: RecordReader<Record>;
  toRow: (record: Record) => Row | Promise<Row>;
}) {
  const { list, reader, toRow } = options;

  async function getRecord(id: number): Promise<Record> {
    const record = await reader.findById(id);
    if (!record) throw new AppError(ErrorCode.NOT_FOUND);
    return record;
  }

  return {
    getRecord,

    async list(query: Query): Promise<Page<Row>> {
      const plan: ResourcePlan = list.plan(query);
      const { records, total } = await reader.list(plan);
      return toPage(await Promise.all(records.map(toRow)), total, plan.perPage);
    },

    /** Planned before the download starts, so a bad `orderBy` is still a 400, not a cut-off file. */
    exportBatches(query: Query): AsyncIterable<Record[]> {
      return reader.batches(list.plan(query));
    },

    get: async (id: number): Promise<Row> => toRow(await getRecord(id)),
  };
}
