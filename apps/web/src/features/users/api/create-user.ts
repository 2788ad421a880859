import { type UserBodyInput, userRowSchema } from '@scentia/shared/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

/** POST /api/usuario: 201 with the new (unconfirmed) user; the server mails the registration link. */
export function createUser(body: UserBodyInput) {
  return http.post('/usuario', body, { schema: userRowSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
