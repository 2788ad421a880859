import { expect, test } from '@playwright/test';
import { CUSTOMER, readAuth, submitLogin } from './support/session.ts';

test('a USER profile sees the oops dialog and stays on the login page', async ({ page }) => {
  await page.goto('/auth/login');
  await submitLogin(page, CUSTOMER);

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Ops!');
  await expect(dialog).toContainText('não tem permissão para acessar a área administrativa');
  await expect(page).toHaveURL('/auth/login');
  expect(await readAuth(page)).toBeNull();

  await dialog.getByRole('button', { name: 'Entendi' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/admin/home');
  await expect(page).toHaveURL('/auth/login');
});
