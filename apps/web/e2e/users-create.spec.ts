import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { chooseOption, formItem, tableRow } from './support/antd.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { signIn, submitLogin } from './support/session.ts';

test('an admin creates a Brazilian user with the postcode prefill; the user sets a password from the mail and signs in', async ({
  page,
  request,
}) => {
  const account = {
    name: 'Juliana Prefill Souza',
    email: uniqueEmail('novo.usuario'),
    password: 'Juliana#26',
  };
  // A session of its own: the journey signs out to open the mailed link.
  await signIn(page);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  await expect(page).toHaveURL('/admin/users/create');
  await expect(page).toHaveTitle('Novo usuário | Scentia');

  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Nome', { exact: true }).fill(account.name);
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await chooseOption(page, 'Perfil', 'OPERADOR');

  // CEP and street wait for the country.
  await expect(page.getByLabel('CEP', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Logradouro', { exact: true })).toBeDisabled();
  await chooseOption(page, 'País', 'Brasil', 'Bras');
  await expect(page.getByLabel('CEP', { exact: true })).toBeEnabled();

  // For Brazil the CPF is checked by the shared rule, and an invalid one blocks the save.
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill('11111111111');
  await expect(page.getByLabel('CPF/CNPJ', { exact: true })).toHaveValue('111.111.111-11');
  await expect(formItem(page, 'CPF/CNPJ')).toContainText('CPF Inválido');
  await expect(save).toBeDisabled();
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill('52998224725');
  await expect(formItem(page, 'CPF/CNPJ')).not.toContainText('CPF Inválido');

  // A complete CEP is masked and fills the state (offline here: from the CEP range).
  await page.getByLabel('CEP', { exact: true }).fill('01310100');
  await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
  await expect(formItem(page, 'Estado')).toContainText('SP');
  await page.getByLabel('Logradouro', { exact: true }).fill('Avenida Paulista, 1000');

  await page.getByLabel('Data de nascimento', { exact: true }).fill('15/03/1990');
  await page.getByLabel('Data de nascimento', { exact: true }).press('Tab');
  await chooseOption(page, 'Gênero', 'Feminino');

  await expect(save).toBeEnabled();
  await save.click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await expect(saved.getByRole('button', { name: 'Novo registro' })).toBeVisible();
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/users');

  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill(account.email);
  const row = tableRow(page, account.email);
  await expect(row).toContainText(account.name);
  await expect(row).toContainText('OPERADOR');
  await expect(row).toContainText('Não');

  // The stored record has what the form sent.
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByLabel('CPF/CNPJ', { exact: true })).toHaveValue('529.982.247-25');
  await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
  await expect(page.getByLabel('Data de nascimento', { exact: true })).toHaveValue('15/03/1990');
  await expect(formItem(page, 'Estado')).toContainText('SP');

  // The registration mail's link sets the password; then the new operator signs in.
  const link = linkIn(await waitForMail(request, account.email), '/auth/cadastrar-senha');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill(account.password);
  await page.getByLabel('Confirme a nova senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Cadastrar senha' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Senha cadastrada');

  await page.goto('/auth/login');
  await submitLogin(page, account);
  await expect(page).toHaveURL('/admin/home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Juliana');
});
