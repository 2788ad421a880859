import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

/** DELETE /api/usuario/{id}: 204. ADMIN only, unconfirmed users only. */
export function deleteUser(id: number): Promise<void> {
  return http.delete(`/usuario/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => invalidateUsers(queryClient) });
}
