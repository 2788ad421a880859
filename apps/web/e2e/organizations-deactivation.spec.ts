import { expect, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { uniqueName } from './support/catalog.ts';
import { createLocationThroughApi, createOrganizationThroughApi } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

test('an organisation is not deactivated while it has active locations; the refusal names them', async ({
  page,
  request,
}) => {
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Desativada'));
  await openSignedIn(page);
  await page.goto('/admin/organizations');
  // The searched page must have answered before the location is added, or it would already know it.
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === organization.name,
  );
  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).fill(organization.name);
  await searched;
  const row = tableRow(page, organization.name);
  await expect(row.getByRole('button', { name: 'Inativar' })).toBeVisible();

  // A location is added meanwhile (another person, another tab): the list on screen does not know.
  const location = await createLocationThroughApi(
    request,
    organization.organizationId,
    uniqueName('Quiosque'),
  );
  await row.getByRole('button', { name: 'Inativar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  const refusal = page.getByRole('dialog').filter({ hasText: 'Erro ao alterar o status do registro' });
  await expect(refusal).toContainText(location.name);
  await expect(refusal).toContainText('enquanto um estiver ativo ela não pode ser desativada');
  await refusal.getByRole('button').click();

  // Reloaded, the row no longer offers what its rule refuses.
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(row).toContainText('Ativa');
  await expect(row.getByRole('button', { name: 'Inativar' })).toHaveCount(0);

  // Once its location is inactive, the organisation is deactivated; the location cannot come back alone.
  await page.goto(`/admin/locations?organizationId=${organization.organizationId}`);
  const locationRow = tableRow(page, location.name);
  await locationRow.getByRole('button', { name: 'Inativar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  await expect(page.getByText('Status alterado com sucesso')).toBeVisible();

  await page.goto('/admin/organizations');
  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).fill(organization.name);
  await row.getByRole('button', { name: 'Inativar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  await expect(page.getByText('Status alterado com sucesso')).toBeVisible();

  await page.goto(`/admin/locations?organizationId=${organization.organizationId}`);
  await page.getByText('Inativos', { exact: true }).click();
  await expect(locationRow).toContainText('Inativo');
  await expect(locationRow.getByRole('button', { name: 'Ativar' })).toHaveCount(0);
  await expect(locationRow.getByRole('button', { name: 'Excluir definitivamente' })).toBeVisible();
});
