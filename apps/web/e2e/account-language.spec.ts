import { expect, type Page, test } from '@playwright/test';

/** The stored choice of spec §3 (`en`, `es`), set before the app starts. */
async function useLanguage(page: Page, short: 'en' | 'es') {
  await page.addInitScript((value) => localStorage.setItem('language', value), short);
}

test.describe('account pages in other languages', () => {
  test('in English: the forgot-password dialog and the sign-up form with its rules and checklist', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot your password?' });
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog.getByText("Enter your account's email to receive the link.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveTitle('Create an account | Scentia');
    await page.getByLabel('Full name').fill('Jo');
    await page.getByLabel('Password', { exact: true }).fill('abc1');
    await expect(page.getByRole('listitem').filter({ hasText: 'Numbers' })).toHaveAttribute(
      'data-met',
      'true',
    );
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Enter a name with at least 3 letters')).toBeVisible();
    await expect(page.getByText('Repeat the password to confirm')).toBeVisible();
    await expect(page.getByText('You must accept the terms to continue')).toBeVisible();
    await expect(page.getByLabel('Full name')).toBeFocused();
  });

  test("in Spanish: a recovery link that does not exist, with the server's message in Spanish", async ({
    page,
  }) => {
    await useLanguage(page, 'es');
    await page.goto('/auth/recuperar-senha?t=bogus');
    await expect(page).toHaveTitle('Restablecer contraseña | Scentia');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restablecer contraseña');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Valida#2026');
    await page.getByLabel('Confirme la nueva contraseña', { exact: true }).fill('Valida#2026');
    await page.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No se pudo restablecer su contraseña');
    await expect(alert).toContainText('Este enlace no es válido');
  });
});
