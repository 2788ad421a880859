import {
  type BulkAnswer,
  type BulkBody,
  bulkAnswerSchema,
  bulkIdsAnswerSchema,
} from '@scentia/shared/record-bulk.schemas';
import { http } from '../../lib/api-client.ts';
import { type ExportParams, listQuery } from './list-params.ts';

export type BulkEndpoint = {
  /** `POST path/bulk`: one chunk of at most BULK_CHUNK_SIZE ids, one result per id. */
  send: (body: BulkBody, signal?: AbortSignal) => Promise<BulkAnswer>;
  /** `POST path/bulk/ids`: the ids of every row matching the list's filter (at most BULK_MAX_ROWS, else 400). */
  matchingIds: (params: ExportParams) => Promise<{ ids: number[]; total: number }>;
};

/**
 * The kit's bulk routes of a resource (`registerResourceRoutes` on the API): what a list's bulk
 * actions call. The filter is the list's own query (search, active filter, the resource's filters)
 * without its page and sort, as `bulkIdsBodySchema` takes it.
 */
export function bulkEndpoint(path: string): BulkEndpoint {
  return {
    send: (body, signal) => http.post(`${path}/bulk`, body, { schema: bulkAnswerSchema, signal }),
    matchingIds: (params) => {
      const { orderBy: _orderBy, orderByDirection: _direction, ...filter } = listQuery(params);
      return http.post(`${path}/bulk/ids`, filter, { schema: bulkIdsAnswerSchema });
    },
  };
}
