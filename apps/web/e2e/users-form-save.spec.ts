import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { chooseOption, formItem, tableRow } from './support/antd.ts';
import { openSignedIn } from './support/session.ts';
import { createUserThroughApi } from './support/users.ts';

test.describe('saving the user form', () => {
  test("a refused save shows the server's message, also under the field it concerns", async ({ page }) => {
    await openSignedIn(page);
    await page.goto('/admin/users/create');
    await page.getByLabel('Nome', { exact: true }).fill('Repetida Silva');
    await page.getByLabel('E-mail', { exact: true }).fill('operador@scentia.test');
    await chooseOption(page, 'Perfil', 'USER');
    await page.getByRole('button', { name: 'Salvar' }).click();

    const message = 'Não é possível criar uma conta com este e-mail.';
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect(formItem(page, 'E-mail')).toContainText(message);
    await expect(page).toHaveURL('/admin/users/create');

    // Editing the field clears its server message.
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('repetida'));
    await expect(formItem(page, 'E-mail')).not.toContainText(message);
  });

  test('an edit goes back to the list with the success message', async ({ page, request }) => {
    const user = await createUserThroughApi(request, { nome: 'Edna Edicao', email: uniqueEmail('edicao') });
    await openSignedIn(page);
    await page.goto(`/admin/users/${user.id}/update`);
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Edna Edicao');
    await page.getByLabel('Nome', { exact: true }).fill('Edna Editada');
    await chooseOption(page, 'País', 'Portugal', 'Portu');
    // Outside Brazil there is a document instead of the CPF/CNPJ, and the postcode is free text.
    await expect(page.getByLabel('CPF/CNPJ', { exact: true })).toHaveCount(0);
    await page.getByLabel('Documento', { exact: true }).fill('PT123456');
    await page.getByLabel('CEP', { exact: true }).fill('1000-001');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page).toHaveURL('/admin/users');
    await expect(page.getByText('Registro salvo com sucesso')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill(user.email);
    await expect(tableRow(page, user.email)).toContainText('Edna Editada');

    await page.goto(`/admin/users/${user.id}/update`);
    await expect(page.getByLabel('Documento', { exact: true })).toHaveValue('PT123456');
    await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('1000-001');
  });
});
