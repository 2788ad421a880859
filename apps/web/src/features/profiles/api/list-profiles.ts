import { pageOf } from '@scentia/shared/list.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ListParams, listQuery } from '../../../components/resource-list/list-params.ts';
import { http } from '../../../lib/api-client.ts';

const profileRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  perfilMaster: z.object({ nome: z.string() }).nullable(),
  totalUsuarios: z.number().int(),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

const profilesPageSchema = pageOf(profileRowSchema);

/** The profiles list's `orderBy` values. */
export const PROFILE_SORTS = { name: 'nome', master: 'perfilMaster', users: 'totalUsuarios' } as const;

/** GET /api/perfil (ADMIN only): profiles with their master profile and number of users. */
export function listProfiles(params: ListParams, signal?: AbortSignal) {
  return http.get('/perfil', { query: listQuery(params), signal, schema: profilesPageSchema });
}

export function profilesListQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: ['profiles', 'list', params],
    // Paging, sorting or searching keeps the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => listProfiles(params, signal),
  });
}

export function useProfilesList(params: ListParams) {
  return useQuery(profilesListQueryOptions(params));
}
