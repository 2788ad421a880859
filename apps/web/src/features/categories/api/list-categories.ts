import { type CategoryRow, categoryRowSchema } from '@scentia/shared/catalog.schemas';
import { pageOf } from '@scentia/shared/list.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQuery } from '../../../components/resource-list/list-params.ts';
import { http } from '../../../lib/api-client.ts';

const categoriesPageSchema = pageOf(categoryRowSchema);

/** The category list's `orderBy` values (docs/api.md). */
export const CATEGORY_SORTS = {
  id: 'categoryId',
  name: 'name',
  fragrances: 'fragrances',
  createdAt: 'Category.CreatedAt',
} as const;

/** GET /api/categories: one page of categories (search by name, active filter, sort). */
export function listCategories(params: ListParams, signal?: AbortSignal) {
  return http.get('/categories', { query: listQuery(params), signal, schema: categoriesPageSchema });
}

export function categoriesListQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: ['categories', 'list', params],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => listCategories(params, signal),
  });
}

export function useCategoriesList(params: ListParams) {
  return useQuery(categoriesListQueryOptions(params));
}

export type { CategoryRow };
