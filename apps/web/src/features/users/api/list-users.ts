import { pageOf } from '@scentia/shared/list.schemas';
import { type UserRow, userRowSchema } from '@scentia/shared/users.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ListParams, listQuery } from '../../../components/resource-list/list-params.ts';
import { http } from '../../../lib/api-client.ts';

const usersPageSchema = pageOf(userRowSchema);

/** The user list's `orderBy` values (the API accepts these, case-insensitively). */
export const USER_SORTS = {
  name: 'nome',
  email: 'email',
  profile: 'profile',
  createdAt: 'createdAt',
} as const;

/** GET /api/usuario: one page of users (search by name or e-mail, active filter, sort). */
export function listUsers(params: ListParams, signal?: AbortSignal) {
  return http.get('/usuario', { query: listQuery(params), signal, schema: usersPageSchema });
}

export function usersListQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: ['users', 'list', params],
    // Paging, sorting or searching keeps the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => listUsers(params, signal),
  });
}

export function useUsersList(params: ListParams) {
  return useQuery(usersListQueryOptions(params));
}

export type { UserRow };
