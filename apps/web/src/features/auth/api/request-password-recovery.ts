import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/**
 * POST /api/usuario/recuperar-senha: 204 whether or not the address has an account, so the answer
 * never tells who is registered.
 */
export function requestPasswordRecovery(email: string): Promise<void> {
  return http.post('/usuario/recuperar-senha', { email }, { isAuthenticated: false });
}

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
