import { type UserBodyInput, userRowSchema } from '@scentia/shared/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

/** PUT /api/usuario/{id} with the whole user: 200 with the saved user. */
export function updateUser({ id, body }: { id: number; body: UserBodyInput }) {
  return http.put(`/usuario/${id}`, body, { schema: userRowSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
