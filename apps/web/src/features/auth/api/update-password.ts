import type { ChangePasswordBody } from '@scentia/shared/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/**
 * PUT /api/usuario/update-password: 204 on success; the server ends the user's other sessions and
 * keeps this one. A wrong current password is a 400 (CURRENT_PASSWORD_WRONG), not a 401, so it
 * never triggers a token refresh.
 */
export function updatePassword(body: ChangePasswordBody): Promise<void> {
  return http.put('/usuario/update-password', body);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
