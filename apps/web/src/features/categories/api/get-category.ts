import { categoryRowSchema } from '@scentia/shared/catalog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/** GET /api/categories/{id}. */
export function getCategory(id: number, signal?: AbortSignal) {
  return http.get(`/categories/${id}`, { signal, schema: categoryRowSchema });
}

export function categoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['categories', 'detail', id],
    queryFn: ({ signal }) => getCategory(id, signal),
    // The form starts from what the server has now, not from a cached copy.
    staleTime: 0,
  });
}

export function useCategory(id: number, isEnabled = true) {
  return useQuery({ ...categoryQueryOptions(id), enabled: isEnabled });
}
