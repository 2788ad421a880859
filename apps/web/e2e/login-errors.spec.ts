import { expect, test } from '@playwright/test';
import { ADMIN, readAuth, submitLogin } from './support/session.ts';

test.describe('login form errors', () => {
  test('a wrong password shows the authentication error', async ({ page }) => {
    await page.goto('/auth/login');
    await submitLogin(page, { email: ADMIN.email, password: 'wrong-password' });

    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    // The server's localised message, or the generic one when it sends none.
    await expect(alert).not.toBeEmpty();
    await expect(page).toHaveURL('/auth/login');
    expect(await readAuth(page)).toBeNull();
  });

  test('empty fields, a malformed e-mail and unchecked terms are refused before any request', async ({
    page,
  }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls += 1;
    });
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Entrar' }).click();

    await expect(page.getByText('Campo obrigatório')).toHaveCount(2);
    await expect(page.getByText('É necessário aceitar os termos para continuar')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeFocused();

    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('Informe um e-mail válido')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(loginCalls).toBe(0);
  });
});
