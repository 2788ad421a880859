import { type LoginForm, type TokenPair, tokenPairSchema } from '@scentia/shared/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';

/** POST /api/login. Never triggers a refresh: a 401 here means wrong credentials. */
export function login(credentials: LoginForm): Promise<TokenPair> {
  return http.post('/login', credentials, { isAuthenticated: false, schema: tokenPairSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
