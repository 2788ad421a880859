import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/**
 * PUT /api/usuario/resend-mail/{id}: 204. Sends the confirmation mail again (registration link for
 * users an admin created, activation for those who signed up); 409 ALREADY_CONFIRMED otherwise.
 */
export function resendUserMail(id: number): Promise<void> {
  return http.put(`/usuario/resend-mail/${id}`);
}

export function useResendUserMail() {
  return useMutation({ mutationFn: resendUserMail });
}
