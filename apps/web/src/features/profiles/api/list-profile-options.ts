import { type ProfileOption, profileOptionsAnswerSchema } from '@scentia/shared/profiles.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

export type { ProfileOption };

/**
 * GET /api/perfil/ (trailing slash): the profiles the user form may assign — all of them for an
 * admin, only the caller's own otherwise.
 */
export async function listProfileOptions(signal?: AbortSignal): Promise<ProfileOption[]> {
  return (await http.get('/perfil/', { signal, schema: profileOptionsAnswerSchema })).data;
}

export function profileOptionsQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.options(),
    queryFn: ({ signal }) => listProfileOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useProfileOptions() {
  return useQuery(profileOptionsQueryOptions());
}
