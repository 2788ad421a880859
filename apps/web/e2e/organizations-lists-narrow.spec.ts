import { expect, test } from '@playwright/test';
import { uniqueName } from './support/catalog.ts';
import {
  createLocationThroughApi,
  createOrganizationThroughApi,
  pickOption,
} from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

test('the organisations and locations lists fit a 375 px phone and stay usable', async ({
  page,
  request,
}) => {
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Estreita'));
  await createLocationThroughApi(request, organization.organizationId, uniqueName('Loja Estreita'));
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');

  await page.goto('/admin/organizations');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Organizações');
  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).fill(organization.name);
  await expect(rows).toHaveCount(1);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await rows.first().getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editar organização');
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto('/admin/locations');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locais');
  await pickOption(page, 'Filtrar por organização', organization.name);
  await expect(rows).toHaveCount(1);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The buttons are in the one menu; "Novo local" opens the form.
  await page.getByRole('button', { name: /(^|\s)Ações$/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Novo local' }).click();
  await expect(page).toHaveURL('/admin/locations/create');
  expect(await overflow()).toBeLessThanOrEqual(0);
});
