import { expect, type Page, test } from '@playwright/test';
import { readAuth, signIn, submitLogin } from './support/session.ts';

// A demo admin no other spec signs in as; the journey gives it its password back at the end.
const MANAGER = { email: 'gestora@scentia.test', password: 'demo1234' };
const NEW_PASSWORD = 'Gestora#2026';

async function openChangePassword(page: Page) {
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar senha' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function changePassword(page: Page, current: string, next: string) {
  const dialog = await openChangePassword(page);
  await dialog.getByLabel('Senha atual').fill(current);
  await dialog.getByLabel('Nova senha', { exact: true }).fill(next);
  await dialog.getByLabel('Confirme a nova senha').fill(next);
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  const success = page.getByRole('dialog').filter({ hasText: 'Senha alterada' });
  await expect(success).toContainText('As outras sessões abertas com a sua conta foram encerradas');
  await success.getByRole('button', { name: 'Entendi' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('change password from the user menu: this session stays, the others end, and only the new password signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  // Another session of the same person, as if on a second computer.
  const elsewhere = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, MANAGER);
  await signIn(page, MANAGER);

  const dialog = await openChangePassword(page);
  // The rules: current required, new required and meeting the rule (unmet hints named), confirmation equal.
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText([
    'Informe a senha atual',
    'Informe a nova senha',
    'Repita a senha para confirmar',
  ]);

  await dialog.getByLabel('Senha atual').fill('not-my-password');
  await dialog.getByLabel('Nova senha', { exact: true }).fill('ab1');
  await expect(
    dialog.getByText(
      'A senha deve ter de 4 a 16 caracteres. Recomendado também: mais de 8 caracteres, letras maiúsculas e minúsculas e caracteres especiais.',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirme a nova senha').fill(`${NEW_PASSWORD}x`);
  await expect(dialog.getByText('As senhas não coincidem')).toBeVisible();
  await dialog.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);

  // A wrong current password is said on its field (a 400, so the session is not touched).
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(dialog.getByText('A senha atual está incorreta.')).toBeVisible();
  expect((await readAuth(page))?.authData?.token).toBeTruthy();

  await dialog.getByLabel('Senha atual').fill(MANAGER.password);
  await dialog.getByRole('button', { name: 'Alterar senha' }).click();
  const success = page.getByRole('dialog').filter({ hasText: 'Senha alterada' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Entendi' }).click();

  // This session goes on; the other one is over.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Usuários' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuários');
  await otherPage.reload();
  await expect(otherPage).toHaveURL('/auth/login?expired=true');
  await elsewhere.close();

  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/auth/login');
  await submitLogin(page, MANAGER);
  await expect(page.getByRole('alert')).toContainText('Falha na autenticação');
  await submitLogin(page, { email: MANAGER.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL('/admin/home');

  // Back to the seeded password, through the same dialog.
  await changePassword(page, NEW_PASSWORD, MANAGER.password);
});
