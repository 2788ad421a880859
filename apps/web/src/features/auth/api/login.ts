import type { LoginForm, TokenPair } from '@scentia/shared/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { isTokenPair, plainCheck } from '../../../lib/plain-checks.ts';

// The login route loads without zod: the answer is checked by the shape of tokenPairSchema.
const tokenPairCheck = plainCheck(isTokenPair);

/** POST /api/login. Never triggers a refresh: a 401 here means wrong credentials. */
export function login(credentials: LoginForm): Promise<TokenPair> {
  return http.post('/login', credentials, { isAuthenticated: false, schema: tokenPairCheck });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
