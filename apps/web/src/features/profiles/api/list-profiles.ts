import { type ProfileRow, profileRowSchema } from '@scentia/shared/profiles.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { profileKeys } from './query-keys.ts';

export type { ProfileRow };

/** The profiles list's `orderBy` values. */
export const PROFILE_SORTS = { name: 'nome', master: 'perfilMaster', users: 'totalUsuarios' } as const;

/** GET /api/perfil (ADMIN only): profiles with their master profile and number of users. */
const profilesList = listEndpoint(profileKeys, '/perfil', profileRowSchema);

export const listProfiles = profilesList.fetchPage;
export const profilesListQueryOptions = profilesList.queryOptions;
export const useProfilesList = profilesList.useList;
