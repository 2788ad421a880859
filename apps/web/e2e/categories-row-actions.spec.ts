import { expect, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { createCategory, createFragrance, uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

test('a category loses its toggle once it has fragrances; only an inactive one without fragrances is deleted for good', async ({
  page,
}) => {
  const used = uniqueName('Couro');
  const spare = uniqueName('Tabaco');
  await openSignedIn(page);
  await createCategory(page, used);
  await createCategory(page, spare);

  const search = page.getByRole('searchbox', { name: 'Pesquisar por nome' });
  const usedRow = tableRow(page, used);
  await search.fill(used);
  await expect(usedRow).toContainText('Ativa');
  await expect(usedRow.getByRole('button', { name: 'Inativar' })).toBeVisible();
  await expect(usedRow.getByRole('button', { name: 'Excluir definitivamente' })).toHaveCount(0);

  // With a fragrance, an active category can no longer be deactivated (spec §4).
  await createFragrance(page, uniqueName('Couro Russo'), used);
  await page.goto('/admin/categories');
  await search.fill(used);
  await expect(usedRow).toContainText('Ativa');
  await expect(usedRow.getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(usedRow.getByRole('button', { name: 'Inativar' })).toHaveCount(0);
  await expect(usedRow.getByRole('button', { name: 'Excluir definitivamente' })).toHaveCount(0);

  // Without fragrances: deactivated, then no edit, and a permanent delete is offered.
  await search.fill(spare);
  const spareRow = tableRow(page, spare);
  await spareRow.getByRole('button', { name: 'Inativar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  await expect(page.getByText('Status alterado com sucesso')).toBeVisible();
  await page.getByText('Inativos', { exact: true }).click();
  await expect(spareRow).toContainText('Inativa');
  await expect(spareRow.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expect(spareRow.getByRole('button', { name: 'Ativar' })).toBeVisible();
  await spareRow.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page.getByText('Registro deletado com sucesso')).toBeVisible();
  await expect(spareRow).toHaveCount(0);
});
