import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, tokenOf, waitForMail } from './mail.ts';
import { ADMIN } from './session.ts';

async function bearerOf(request: APIRequestContext, credentials = ADMIN): Promise<string> {
  const response = await request.post('/api/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export type CreatedUser = { id: number; nome: string; email: string };

/** Creates an unconfirmed user through the API, as the admin; the registration mail goes out. */
export async function createUserThroughApi(
  request: APIRequestContext,
  user: { nome: string; email: string; profile?: string },
): Promise<CreatedUser> {
  const response = await request.post('/api/usuario', {
    headers: { Authorization: `Bearer ${await bearerOf(request)}`, 'Content-Language': 'pt-BR' },
    data: { nome: user.nome, email: user.email, profile: user.profile ?? 'OPERADOR', ativo: true },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedUser;
}

/** Uses the registration link of the mail: the user is confirmed with `password`. */
export async function confirmThroughMail(request: APIRequestContext, email: string, password: string) {
  const link = linkIn(await waitForMail(request, email), '/auth/cadastrar-senha');
  const response = await request.post('/api/requisicaotemporaria', {
    data: { token: tokenOf(link), kind: 'registration', password },
  });
  expect(response.status()).toBe(200);
}
