import { expect, test } from '@playwright/test';
import { ADMIN, readAuth, submitLogin } from './support/session.ts';

test.describe('admin signs in and out', () => {
  test('lands on /admin/home with a greeting, then logout clears the session', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveTitle('Entrar | Scentia');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo de volta');

    await submitLogin(page, ADMIN);
    // The ~2 s role check runs with a busy button.
    await expect(page.getByRole('button', { name: 'Entrar' })).toHaveAttribute('aria-busy', 'true');

    await expect(page).toHaveURL('/admin/home');
    await expect(page).toHaveTitle('Início | Scentia');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá,');
    const auth = await readAuth(page);
    expect(auth?.authData?.token).toBeTruthy();
    expect(auth?.authData?.login).toBe(ADMIN.email);
    expect(auth?.user?.profile.nome.toUpperCase()).toBe('ADMIN');
    await expect(page.getByRole('link', { name: 'Perfis' })).toBeVisible();

    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL('/auth/login');
    expect(await readAuth(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('lastLocation'))).toBeNull();

    await page.goto('/admin/home');
    await expect(page).toHaveURL('/auth/login');
  });
});
