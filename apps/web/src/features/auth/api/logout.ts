import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/** POST /api/logout revokes the refresh token; no bearer needed, 204 on success. */
export function logout(refreshToken: string): Promise<void> {
  return http.post('/logout', { refreshToken }, { isAuthenticated: false });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
