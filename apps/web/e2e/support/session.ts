import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@scentia.test', password: 'Admin#2026' };
export const OPERATOR = { email: 'operador@scentia.test', password: 'demo1234' };
export const CUSTOMER = { email: 'cliente@scentia.test', password: 'demo1234' };

export type StoredAuth = {
  user: { nome: string; profile: { nome: string } } | null;
  authData: { token: string; refreshToken: string; login: string } | null;
};

/** Fills and submits the login form (in Portuguese, the default language). */
export async function submitLogin(page: Page, credentials: { email: string; password: string }) {
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
