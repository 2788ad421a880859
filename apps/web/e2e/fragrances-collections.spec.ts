import { expect, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { createFragrance, uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

// Demo data (apps/api/src/demo-data/seed-campaigns.ts): the default campaign holds demo fragrances 1–20
// ('Gardênia Suave' is the 14th, in no other), the second one 15–22 ('Violeta Imperial' is the 15th, so
// it is in both). The campaign journeys place the newest fragrances, never these. A fragrance in no
// collection is the next test's, made for it. Nothing here deactivates a demo fragrance.
test('a fragrance in a campaign collection shows its collections and offers no deactivation', async ({
  page,
}) => {
  await openSignedIn(page);
  await page.goto('/admin/fragrances');
  const search = page.getByRole('searchbox', { name: 'Pesquisar por nome' });

  await search.fill('Gardênia Suave');
  const inDefault = tableRow(page, 'Gardênia Suave');
  await expect(inDefault).toContainText('Ativa');
  await expect(inDefault.getByRole('link', { name: 'Editar' })).toBeVisible();
  const tag = inDefault.getByText('Em 1 coleção', { exact: true });
  await expect(tag).toBeVisible();
  await expect(inDefault.getByRole('button', { name: 'Inativar' })).toHaveCount(0);

  // The tag explains the missing action, to the pointer and to the keyboard alike.
  await tag.focus();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Uma fragrância que está na coleção de uma campanha não pode ser inativada.',
  );
  await expect(tag).toHaveAccessibleDescription(
    'Uma fragrância que está na coleção de uma campanha não pode ser inativada.',
  );

  // Campaigns are counted, not slots.
  await search.fill('Violeta Imperial');
  const inBoth = tableRow(page, 'Violeta Imperial');
  await expect(inBoth.getByText('Em 2 coleções', { exact: true })).toBeVisible();
  await expect(inBoth.getByRole('button', { name: 'Inativar' })).toHaveCount(0);
});

test('a new fragrance is in no collection and can be deactivated', async ({ page }) => {
  const name = uniqueName('Flor de Sal');
  await openSignedIn(page);
  await createFragrance(page, name, 'Aquáticos');

  await page.getByRole('searchbox', { name: 'Pesquisar por nome' }).fill(name);
  const row = tableRow(page, name);
  await expect(row).toContainText('Ativa');
  await expect(row.getByRole('link', { name: 'Editar' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Inativar' })).toBeVisible();
  await expect(row.getByText(/coleç/)).toHaveCount(0);
});
