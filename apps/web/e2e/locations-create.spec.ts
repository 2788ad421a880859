import { expect, test } from '@playwright/test';
import { formItem, tableRow, tabTo } from './support/antd.ts';
import { uniqueName } from './support/catalog.ts';
import { createOrganizationThroughApi, pickOption } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

test('a location is created by keyboard with the postcode prefill and a chosen time zone, and listed under its organisation', async ({
  page,
  request,
}) => {
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Perfumes'));
  const name = uniqueName('Loja Paulista');
  await openSignedIn(page);
  await page.goto('/admin/locations');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locais');
  await page.getByRole('button', { name: 'Novo local' }).click();
  await expect(page).toHaveURL('/admin/locations/create');
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();

  // Only the keyboard: the organisation typeahead searches and Enter takes its first option.
  const organizationField = page.getByLabel('Organização', { exact: true });
  await organizationField.focus();
  await page.keyboard.type(organization.name);
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first(),
  ).toHaveText(organization.name);
  await page.keyboard.press('Enter');
  await expect(formItem(page, 'Organização')).toContainText(organization.name);
  // Tab reaches the name, past the typeahead's clear button when antd shows it.
  await tabTo(page, page.getByLabel('Nome', { exact: true }));
  await page.keyboard.type(name);

  // The address starts in Brazil; a complete CEP is masked and fills the state.
  await expect(formItem(page, 'País')).toContainText('Brasil');
  await page.getByLabel('CEP', { exact: true }).focus();
  await page.keyboard.type('01310100');
  await expect(page.getByLabel('CEP', { exact: true })).toHaveValue('01310-100');
  await expect(formItem(page, 'Estado')).toContainText('SP');
  // The city is required for a location.
  await expect(save).toBeDisabled();
  await pickOption(page, 'Cidade', 'São Paulo');
  await expect(formItem(page, 'Cidade')).toContainText('São Paulo');

  // The time zone starts at São Paulo's; Manaus is found by typing and taken with Enter.
  await expect(formItem(page, 'Fuso horário')).toContainText('America/Sao Paulo');
  await page.getByLabel('Fuso horário', { exact: true }).focus();
  await page.keyboard.type('Manaus');
  await expect(
    page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first(),
  ).toContainText('America/Manaus');
  await page.keyboard.press('Enter');
  await expect(formItem(page, 'Fuso horário')).toContainText('America/Manaus');

  await expect(save).toBeEnabled();
  await save.focus();
  await page.keyboard.press('Enter');
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/locations');

  // The organisation filter narrows the list and is held in the address.
  await pickOption(page, 'Filtrar por organização', organization.name);
  await expect(page).toHaveURL(`/admin/locations?organizationId=${organization.organizationId}`);
  const row = tableRow(page, name);
  await expect(row).toContainText(organization.name);
  await expect(row).toContainText('São Paulo');
  await expect(row).toContainText('America/Manaus');
  await expect(row).toContainText('Ativo');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  // The organisation's page lists it and links to the filtered list.
  await page.goto(`/admin/organizations/${organization.organizationId}/update`);
  const locations = page.getByRole('region', { name: 'Locais' });
  await expect(locations.getByRole('link', { name })).toBeVisible();
  await locations.getByRole('link', { name: 'Ver o local na lista de locais' }).click();
  await expect(page).toHaveURL(`/admin/locations?organizationId=${organization.organizationId}`);
  await expect(page.getByLabel('Filtrar por organização')).toBeVisible();
  await expect(page.locator('.list-toolbar')).toContainText(organization.name);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
});
