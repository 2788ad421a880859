import { type FragranceRow, fragranceRowSchema } from '@scentia/shared/catalog.schemas';
import { pageOf } from '@scentia/shared/list.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQuery } from '../../../components/resource-list/list-params.ts';
import { http } from '../../../lib/api-client.ts';

const fragrancesPageSchema = pageOf(fragranceRowSchema);

/** The fragrance list's `orderBy` values (docs/api.md). */
export const FRAGRANCE_SORTS = {
  id: 'fragranceId',
  name: 'name',
  category: 'category',
  createdAt: 'Fragrance.CreatedAt',
} as const;

/** GET /api/fragrances: one page (the search matches the name and the category's name). */
export function listFragrances(params: ListParams, signal?: AbortSignal) {
  return http.get('/fragrances', { query: listQuery(params), signal, schema: fragrancesPageSchema });
}

export function fragrancesListQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: ['fragrances', 'list', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => listFragrances(params, signal),
  });
}

export function useFragrancesList(params: ListParams) {
  return useQuery(fragrancesListQueryOptions(params));
}

export type { FragranceRow };
