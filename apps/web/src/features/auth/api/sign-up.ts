import type { SignUpBody } from '@scentia/shared/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';

const signUpResultSchema = z.object({ email: z.string() });

/**
 * POST /api/usuario/cadastro: an unconfirmed USER account and its activation mail, sent in the
 * language of the request. 409 EMAIL_TAKEN when the address is already registered.
 */
export function signUp(body: SignUpBody): Promise<{ email: string }> {
  return http.post('/usuario/cadastro', body, { isAuthenticated: false, schema: signUpResultSchema });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
