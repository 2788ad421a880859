import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@scentia.test', password: 'Admin#2026' };
export const OPERATOR = { email: 'operador@scentia.test', password: 'demo1234' };
export const CUSTOMER = { email: 'cliente@scentia.test', password: 'demo1234' };
/** Demo members of Aromas do Rio (the journeys that change memberships use Essenza's or their own). */
export const MEMBER_MANAGER = { email: 'gerente@aromasdorio.scentia.test', password: 'demo1234' };
export const MEMBER_VIEWER = { email: 'leitor@aromasdorio.scentia.test', password: 'demo1234' };

export type Credentials = { email: string; password: string };

export type StoredAuth = {
  user: { nome: string; profile: { nome: string } } | null;
  authData: { token: string; refreshToken: string; login: string } | null;
};

/** Fills and submits the login form (in Portuguese, the default language). */
export async function submitLogin(page: Page, credentials: Credentials) {
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Senha', { exact: true }).fill(credentials.password);
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signIn(page: Page, credentials = ADMIN, expectedPath: string | RegExp = '/admin/home') {
  await page.goto('/auth/login');
  await submitLogin(page, credentials);
  await expect(page).toHaveURL(expectedPath);
}

/** Where the `sign-in` project (sign-in.setup.ts) saves the browser state of a signed-in demo account. */
export function signedInState(account: Credentials): string {
  const directory = process.env.SCENTIA_E2E_DATA_DIR;
  if (!directory)
    throw new Error('SCENTIA_E2E_DATA_DIR is unset: run the journeys through playwright.config.ts');
  return join(directory, `signed-in-${account.email}.json`);
}

/**
 * Opens the admin home as `account`, with the session the `sign-in` project opened once for every
 * journey: no login form, no role check. Journeys about signing in, or that sign out, refresh or
 * revoke their session, sign in with `signIn` instead, since ending or rotating the shared session
 * would end it for every journey that uses it.
 */
export async function openSignedIn(page: Page, account: Credentials = ADMIN) {
  await page.context().setStorageState(signedInState(account));
  await page.goto('/admin/home');
  await expect(page).toHaveURL('/admin/home');
}

export function readAuth(page: Page): Promise<StoredAuth | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as StoredAuth | null);
}

export async function writeAccessToken(page: Page, token: string) {
  await page.evaluate((value) => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? 'null');
    auth.authData.token = value;
    localStorage.setItem('auth', JSON.stringify(auth));
  }, token);
}
