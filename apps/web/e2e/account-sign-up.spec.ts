import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { readAuth, submitLogin } from './support/session.ts';

test('sign-up from the login page, activation from the mail, then the new USER account signs in and is refused the admin', async ({
  page,
  request,
}) => {
  const account = { name: 'Renata Cadastro', email: uniqueEmail('cadastro'), password: 'Cadastro#26' };

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveURL('/auth/cadastro');
  await expect(page).toHaveTitle('Criar conta | Scentia');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Criar conta');

  await page.getByLabel('Nome completo').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByLabel('Confirme a senha', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confira seu e-mail');
  await expect(page.getByText(`Enviamos um link de ativação para ${account.email}`)).toBeVisible();

  const mail = await waitForMail(request, account.email);
  expect(mail.subject).toBe('Ative sua conta Scentia');
  const link = linkIn(mail, '/auth/ativar-conta');

  // Not yet activated: the right password is refused with the server's explanation.
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
  await submitLogin(page, account);
  await expect(page.getByRole('alert')).toContainText('ainda não foi confirmada');

  // Opening the link activates at once.
  await page.goto(link);
  await expect(page).toHaveTitle('Ativar conta | Scentia');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conta ativada!');
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL('/auth/login');

  // Sign-up creates USER profiles: the credentials work, the admin area does not.
  await submitLogin(page, account);
  const oops = page.getByRole('dialog');
  await expect(oops).toContainText('Ops!');
  await expect(oops).toContainText('não tem permissão para acessar a área administrativa');
  await expect(page).toHaveURL('/auth/login');
  expect(await readAuth(page)).toBeNull();
});
