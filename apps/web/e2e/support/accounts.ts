import { type APIRequestContext, expect } from '@playwright/test';
import { linkIn, waitForMail } from './mail.ts';

export type NewAccount = { name: string; email: string; password: string };

let counter = 0;

/**
 * An address no other spec (or earlier run against the same data) has used: journeys run on parallel
 * workers, so the worker's number keeps two workers apart within the same millisecond.
 */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.w${process.env.TEST_WORKER_INDEX ?? 0}.${counter}@scentia.test`;
}

/**
 * Signs up through the API, in Portuguese, and returns the activation link mailed to the account.
 * Journeys use it for a dedicated account, so the shared demo accounts keep their passwords.
 */
export async function signUpForActivationLink(
  request: APIRequestContext,
  account: NewAccount,
): Promise<string> {
  const response = await request.post('/api/usuario/cadastro', {
    headers: { 'Content-Language': 'pt-BR' },
    data: { nome: account.name, email: account.email, password: account.password, termsAccepted: true },
  });
  expect(response.status()).toBe(201);
  return linkIn(await waitForMail(request, account.email), '/auth/ativar-conta');
}

/** As above, then uses the link through the API: an active USER account. */
export async function createActiveAccount(request: APIRequestContext, account: NewAccount): Promise<void> {
  const link = await signUpForActivationLink(request, account);
  const response = await request.post('/api/requisicaotemporaria', {
    data: { token: new URL(link).searchParams.get('t'), kind: 'activation' },
  });
  expect(response.status()).toBe(200);
}
