import { expect, test } from '@playwright/test';
import { createActiveAccount, uniqueEmail } from './support/accounts.ts';
import { linkIn, mailsTo, waitForMail } from './support/mail.ts';
import { readAuth, submitLogin } from './support/session.ts';

test('forgot password: the mailed link sets a new password that signs in, and the old one stops working', async ({
  page,
  request,
}) => {
  const account = { name: 'Paula Recupera', email: uniqueEmail('recupera'), password: 'Antiga#2026' };
  await createActiveAccount(request, account);
  const newPassword = 'novaSenha#26';

  await page.goto('/auth/login');
  const trigger = page.getByRole('button', { name: 'Esqueci minha senha' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Esqueceu sua senha?' });
  await expect(dialog.getByLabel('E-mail')).toBeFocused();
  await dialog.getByLabel('E-mail').fill(account.email);
  const mailsBefore = (await mailsTo(request, account.email)).length;
  await dialog.getByRole('button', { name: 'Enviar link' }).click();

  // The confirmation never says whether the address has an account.
  const confirmation = page.getByRole('dialog', { name: 'Verifique seu e-mail' });
  await expect(confirmation).toContainText(`Se existir uma conta para ${account.email}`);
  const mail = await waitForMail(request, account.email, mailsBefore);
  expect(mail.subject).toBe('Recuperação de senha Scentia');
  const link = linkIn(mail, '/auth/recuperar-senha');
  expect(link.startsWith('http://127.0.0.1:3199/auth/recuperar-senha?t=')).toBe(true);
  await confirmation.getByRole('button', { name: 'Entendi' }).click();
  await expect(confirmation).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.goto(link);
  await expect(page).toHaveTitle('Redefinir senha | Scentia');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redefinir senha');

  // The hint checklist follows the typing; it advises and never blocks.
  const hint = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  const passwordField = page.getByLabel('Nova senha', { exact: true });
  await passwordField.pressSequentially('nova');
  for (const name of [
    'Mais de 8 caracteres',
    'Números',
    'Letras maiúsculas e minúsculas',
    'Caracteres especiais',
  ]) {
    await expect(hint(name)).toHaveAttribute('data-met', 'false');
  }
  await passwordField.pressSequentially('Senha');
  await expect(hint('Mais de 8 caracteres')).toHaveAttribute('data-met', 'true');
  await expect(hint('Letras maiúsculas e minúsculas')).toHaveAttribute('data-met', 'true');
  await expect(hint('Números')).toHaveAttribute('data-met', 'false');
  await passwordField.pressSequentially('#26');
  await expect(hint('Números')).toHaveAttribute('data-met', 'true');
  await expect(hint('Caracteres especiais')).toHaveAttribute('data-met', 'true');
  await expect(passwordField).toHaveValue(newPassword);

  await page.getByLabel('Confirme a nova senha', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Senha redefinida');
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL('/auth/login');
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);

  await submitLogin(page, account);
  await expect(page.getByRole('alert')).toContainText('Falha na autenticação');
  expect(await readAuth(page)).toBeNull();

  // The new password is accepted; the account has the USER profile, so the admin turns it away.
  await submitLogin(page, { email: account.email, password: newPassword });
  const oops = page.getByRole('dialog');
  await expect(oops).toContainText('Ops!');
  await expect(page).toHaveURL('/auth/login');
});
