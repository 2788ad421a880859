import { fragranceRowSchema } from '@scentia/shared/catalog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/** GET /api/fragrances/{id}. */
export function getFragrance(id: number, signal?: AbortSignal) {
  return http.get(`/fragrances/${id}`, { signal, schema: fragranceRowSchema });
}

export function fragranceQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['fragrances', 'detail', id],
    queryFn: ({ signal }) => getFragrance(id, signal),
    // The form starts from what the server has now (and fresh signed image URLs).
    staleTime: 0,
  });
}

export function useFragrance(id: number, isEnabled = true) {
  return useQuery({ ...fragranceQueryOptions(id), enabled: isEnabled });
}
