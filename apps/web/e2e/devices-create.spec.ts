import { expect, test } from '@playwright/test';
import { formItem, rowDetails, tableRow } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { createCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { openDevicesList, shownMac, uniqueMac } from './support/devices.ts';
import {
  createLocationThroughApi,
  createOrganizationThroughApi,
  pickOption,
} from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

test('a device is registered with its MAC in any spelling, listed under its location, and edited from its page', async ({
  page,
  request,
}) => {
  // Three axe audits and two saves: past the default allowance on a busy machine.
  test.slow();
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Aromas'));
  const location = await createLocationThroughApi(
    request,
    organization.organizationId,
    uniqueName('Loja Centro'),
  );
  const campaign = await createCampaign(request, uniqueName('Campanha Difusor'));
  const mac = uniqueMac();
  // Typed the way a label may print it: lower case, in dashes.
  const typed = (mac.match(/.{2}/g) ?? []).join('-').toLowerCase();

  await openSignedIn(page);
  await page.goto('/admin/devices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispositivos');
  expect(await seriousViolations(page), 'list').toEqual([]);
  await page.getByRole('button', { name: 'Novo dispositivo' }).click();
  await expect(page).toHaveURL('/admin/devices/create');
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();

  const macField = page.getByLabel('Endereço MAC', { exact: true });
  await macField.fill('ZZ:00');
  await macField.blur();
  await expect(formItem(page, 'Endereço MAC')).toContainText('Endereço MAC inválido');
  await macField.fill(typed);
  await macField.blur();
  await expect(macField).toHaveValue(shownMac(mac));
  await pickOption(page, 'Local', location.name);
  await pickOption(page, 'Campanha', campaign.name);
  expect(await seriousViolations(page), 'form').toEqual([]);
  await expect(save).toBeEnabled();
  await save.click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/devices');

  // The location filter narrows the list and is held in the address.
  await pickOption(page, 'Filtrar por local', location.name);
  await expect(page).toHaveURL(`/admin/devices?locationId=${location.locationId}`);
  const row = tableRow(page, shownMac(mac));
  await expect(row).toContainText(organization.name);
  await expect(row).toContainText(location.name);
  await expect(row).toContainText('Nunca conectou');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // The campaign is among the columns a 1280 px window folds into the row.
  await expect(await rowDetails(row)).toContainText(campaign.name);
  // Never provisioned, nobody linked: neither the reset code nor the disconnect.
  await expect(row.getByRole('button', { name: 'Mostrar código de reset' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Desconectar usuário' })).toHaveCount(0);

  // The device page: the form, then its state, its capsules per slot and its schedule (its location's).
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/devices\/\d+\/update$/);
  await expect(page.getByRole('textbox', { name: 'Endereço MAC' })).toHaveValue(shownMac(mac));
  await expect(page.getByRole('region', { name: 'Estado do dispositivo' })).toContainText(
    'Aguardando provisionamento',
  );
  const capsules = page.getByRole('region', { name: 'Cápsulas por slot' });
  await expect(capsules.getByRole('img', { name: /Nível das cápsulas por slot/ })).toBeVisible();
  await expect(capsules.locator('.ant-table-tbody')).toContainText('Sem cápsula');
  const schedule = page.getByRole('region', { name: 'Agenda de difusão' });
  await expect(schedule).toContainText('Segue a agenda do local');
  await expect(schedule.getByRole('link', { name: location.name })).toBeVisible();
  expect(await seriousViolations(page), 'device page').toEqual([]);

  // A new MAC address, saved over the loaded version: back to the list, found by the new one.
  const renamed = uniqueMac();
  await page.getByRole('textbox', { name: 'Endereço MAC' }).fill(renamed);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/admin/devices');
  await openDevicesList(page, renamed);
});
