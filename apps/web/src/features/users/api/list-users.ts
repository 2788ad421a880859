import { type UserRow, userRowSchema } from '@scentia/shared/users.schemas';
import { listEndpoint } from '../../../components/resource-list/list-endpoint.ts';
import { userKeys } from './query-keys.ts';

/** The user list's `orderBy` values (the API accepts these, case-insensitively). */
export const USER_SORTS = {
  name: 'nome',
  email: 'email',
  profile: 'profile',
  createdAt: 'createdAt',
} as const;

/** GET /api/usuario: one page of users (search by name or e-mail, active filter, sort). */
export const usersList = listEndpoint(userKeys, '/usuario', userRowSchema);

export type { UserRow };
