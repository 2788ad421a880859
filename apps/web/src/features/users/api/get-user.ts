import { userRowSchema } from '@scentia/shared/users.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/** GET /api/usuario/{id}. */
export function getUser(id: number, signal?: AbortSignal) {
  return http.get(`/usuario/${id}`, { signal, schema: userRowSchema });
}

export function userQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
    // The form starts from what the server has now, not from a cached copy.
    staleTime: 0,
  });
}

export function useUser(id: number, isEnabled = true) {
  return useQuery({ ...userQueryOptions(id), enabled: isEnabled });
}
