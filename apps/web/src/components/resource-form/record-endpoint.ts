import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/api-client.ts';
import type { ResourceKeys } from '../resource-list/resource-keys.ts';

/**
 * A record endpoint, GET `path/{id}`: what a feature's `get-*.ts` file exports, the fetcher, the
 * query options and the hook its update page loads the record with.
 */
export function recordEndpoint<Row>(
  keys: Pick<ResourceKeys, 'detail'>,
  path: string,
  schema: z.ZodType<Row>,
) {
  function fetchRecord(id: number, signal?: AbortSignal): Promise<Row> {
    return http.get(`${path}/${id}`, { signal, schema });
  }

  function recordOptions(id: number) {
    return queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => fetchRecord(id, signal),
      // The form starts from what the server has now, not from a cached copy.
      staleTime: 0,
    });
  }

  return {
    fetchRecord,
    queryOptions: recordOptions,
    /** `isEnabled` false (an invalid id, a record the viewer may not open) asks nothing. */
    useRecord: (id: number, isEnabled = true) => useQuery({ ...recordOptions(id), enabled: isEnabled }),
  };
}
