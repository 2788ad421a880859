import { expect, test } from '@playwright/test';
import { formatCnpj } from '@scentia/shared/br-documents';
import { formItem, tableRow } from './support/antd.ts';
import { uniqueName } from './support/catalog.ts';
import { createOrganizationThroughApi, uniqueCnpj } from './support/organizations.ts';
import { OPERATOR, openSignedIn } from './support/session.ts';

test('an admin creates an organisation: a wrong CNPJ is refused as typed, a right alphanumeric one is saved', async ({
  page,
}) => {
  const name = uniqueName('Aroma Lojas');
  const cnpj = uniqueCnpj(true);
  await openSignedIn(page);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Organizações' })
    .click();
  await expect(page).toHaveURL('/admin/organizations');
  await expect(page).toHaveTitle('Organizações | Scentia');
  await page.getByRole('button', { name: 'Nova organização' }).click();
  await expect(page).toHaveURL('/admin/organizations/create');

  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Razão social', { exact: true }).fill(`${name} Comércio de Aromas Ltda.`);

  // A wrong check digit: masked as typed, refused under the field by the shared rule, nothing to save.
  await page.getByLabel('CNPJ', { exact: true }).fill('12345678000100');
  await expect(page.getByLabel('CNPJ', { exact: true })).toHaveValue('12.345.678/0001-00');
  await expect(formItem(page, 'CNPJ')).toContainText('CNPJ Inválido');
  await expect(save).toBeDisabled();

  // The alphanumeric form, typed in lower case without its mask.
  await page.getByLabel('CNPJ', { exact: true }).fill(cnpj.toLowerCase());
  await expect(page.getByLabel('CNPJ', { exact: true })).toHaveValue(formatCnpj(cnpj));
  await expect(formItem(page, 'CNPJ')).not.toContainText('CNPJ Inválido');

  await page.getByLabel('Nome do contato', { exact: true }).fill('Marta Reis');
  await page.getByLabel('E-mail do contato', { exact: true }).fill('marta@aroma.test');
  await page.getByLabel('Telefone', { exact: true }).fill('1131234');
  await expect(formItem(page, 'Telefone')).toContainText('Telefone inválido');
  await page.getByLabel('Telefone', { exact: true }).fill('11912345678');
  await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue('(11) 91234-5678');
  await expect(formItem(page, 'Telefone')).not.toContainText('Telefone inválido');
  // The address starts in Brazil.
  await expect(formItem(page, 'País')).toContainText('Brasil');

  await expect(save).toBeEnabled();
  await save.click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/organizations');

  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).fill(name);
  const row = tableRow(page, name);
  await expect(row).toContainText(formatCnpj(cnpj));
  await expect(row).toContainText('Ativa');

  // Another organisation with the same CNPJ is refused under the CNPJ.
  await page.goto('/admin/organizations/create');
  await page.getByLabel('Nome', { exact: true }).fill(`${name} 2`);
  await page.getByLabel('Razão social', { exact: true }).fill(`${name} Filial Ltda.`);
  await page.getByLabel('CNPJ', { exact: true }).fill(cnpj);
  await save.click();
  await expect(formItem(page, 'CNPJ')).toContainText('Já existe um registro com este CNPJ');
  await expect(page).toHaveURL('/admin/organizations/create');

  // The edit page: the stored values, its (empty) locations with the link that adds one, its history.
  await page.goto('/admin/organizations');
  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).fill(name);
  await tableRow(page, name).getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editar organização');
  await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue('(11) 91234-5678');
  const locations = page.getByRole('region', { name: 'Locais' });
  await expect(locations).toContainText('Esta organização ainda não tem locais.');
  await expect(page.getByRole('region', { name: 'Histórico' })).toContainText('Criação');

  // An admin erases the contact person: the form reloads without it.
  const contact = page.getByRole('region', { name: 'Dados da pessoa de contato (LGPD)' });
  await contact.getByRole('button', { name: 'Apagar pessoa de contato' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apagar', exact: true }).click();
  await expect(page.locator('.ant-message').getByText('Pessoa de contato apagada')).toBeVisible();
  await expect(page.getByLabel('Nome do contato', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue('');
  await expect(contact.getByRole('button', { name: 'Apagar pessoa de contato' })).toBeDisabled();

  await locations.getByRole('link', { name: 'Adicionar um local' }).click();
  await expect(page).toHaveURL(/\/admin\/locations\/create\?organizationId=\d+$/);
  await expect(formItem(page, 'Organização')).toContainText(name);
});

test('an operator edits organisations but is not offered the contact erasure', async ({ page, request }) => {
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Operada'));
  await openSignedIn(page, OPERATOR);
  await page.goto(`/admin/organizations/${organization.organizationId}/update`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editar organização');
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(organization.name);
  await expect(page.getByRole('region', { name: 'Locais' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apagar pessoa de contato' })).toHaveCount(0);
});
