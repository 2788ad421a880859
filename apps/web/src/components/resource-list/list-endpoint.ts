import { type Page, pageOf } from '@scentia/shared/list.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/api-client.ts';
import { type ListParams, listQuery } from './list-params.ts';
import type { ResourceKeys } from './resource-keys.ts';

/**
 * A list endpoint of the list contract (spec §7): GET `path` with the list's query string, answered
 * with one page of rows. It gives what a feature's `list-*.ts` file exports: the fetcher, the query
 * options and the hook that `ResourceList` takes.
 */
export function listEndpoint<Row>(keys: Pick<ResourceKeys, 'list'>, path: string, rowSchema: z.ZodType<Row>) {
  const pageSchema: z.ZodType<Page<Row>> = pageOf(rowSchema);

  function fetchPage(params: ListParams, signal?: AbortSignal): Promise<Page<Row>> {
    return http.get(path, { query: listQuery(params), signal, schema: pageSchema });
  }

  function listOptions(params: ListParams) {
    return queryOptions({
      queryKey: keys.list(params),
      // Paging, sorting or searching keeps the current rows on screen until the next ones arrive.
      placeholderData: keepPreviousData,
      queryFn: ({ signal }) => fetchPage(params, signal),
    });
  }

  return {
    fetchPage,
    queryOptions: listOptions,
    useList: (params: ListParams) => useQuery(listOptions(params)),
  };
}
