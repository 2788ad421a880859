import { expect, test } from '@playwright/test';

test.describe('routing for a signed-out visitor', () => {
  test('/admin without a session goes to /auth/login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/auth/login');
    await page.goto('/admin/users');
    await expect(page).toHaveURL('/auth/login');
  });

  test('/auth goes to /auth/login', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL('/auth/login');
  });

  test('e-mail link pages without the token t go back to /auth (then /auth/login)', async ({ page }) => {
    for (const path of ['/auth/ativar-conta', '/auth/recuperar-senha', '/auth/cadastrar-senha']) {
      await page.goto(path);
      await expect(page).toHaveURL('/auth/login');
    }
  });

  test('e-mail link pages with a token, forgot-password and sign-up render their pages', async ({ page }) => {
    await page.goto('/auth/recuperar-senha?t=abc123');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redefinir senha');
    await expect(page).toHaveTitle('Redefinir senha | Scentia');
    await page.goto('/auth/cadastrar-senha?t=abc123');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cadastrar senha');
    await expect(page).toHaveTitle('Cadastrar senha | Scentia');

    // Forgot password is a dialog of the login page; its old address leads there too.
    await page.goto('/auth/esqueci-senha');
    await expect(page).toHaveURL('/auth/login');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('dialog', { name: 'Esqueceu sua senha?' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('link', { name: 'Cadastre-se' }).click();
    await expect(page).toHaveURL('/auth/cadastro');
  });

  test('the privacy policy is in Portuguese and states the retention periods', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'política de privacidade', exact: true }).click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
    // The periods the server is configured with (defaults here): personal data 5 years, access logs 1.
    const policy = page.locator('article');
    await expect(policy.locator('[data-kind="personalDataDays"] dd')).toContainText('5 anos');
    await expect(policy.locator('[data-kind="accessLogDays"] dd')).toContainText('1 ano');
  });

  test('the login page links to both app stores', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /^https:\/\//);
  });
});
