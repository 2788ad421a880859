import { userBodySchema, userRowSchema } from '@scentia/shared/users.schemas';
import { saveMutations } from '../../../components/resource-form/resource-mutations.ts';
import { invalidateUsers } from './invalidate-users.ts';

/**
 * POST /api/usuario (201 with the new, unconfirmed user; the server mails the registration link) and
 * PUT /api/usuario/{id} with the whole user. The users' other writes are their own (spec §4 Records):
 * `toggle-user.ts`, `delete-user.ts`, `resend-user-mail.ts`.
 */
export const userMutations = saveMutations({
  path: '/usuario',
  rowSchema: userRowSchema,
  bodySchema: userBodySchema,
  invalidate: invalidateUsers,
});
