import { userRowSchema } from '@scentia/shared/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

/**
 * PUT /api/usuario/{id} with only `{ativo}` (spec §4 Records): ativo is the inverse of the current
 * state. ADMIN only, confirmed users only, never oneself (403 / 409 otherwise).
 */
export function toggleUser({ id, ativo }: { id: number; ativo: boolean }) {
  return http.put(`/usuario/${id}`, { ativo }, { schema: userRowSchema });
}

export function useToggleUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleUser,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
