import { expect, test } from '@playwright/test';
import { chooseOption, formItem, tableRow } from './support/antd.ts';
import { createCategory, pngImage, uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

test('an admin creates a fragrance with an image, sees its thumbnail and finds it by its category name', async ({
  page,
}) => {
  const category = uniqueName('Chipre');
  const name = uniqueName('Musgo de Carvalho');
  await openSignedIn(page);
  await createCategory(page, category);

  await page.goto('/admin/fragrances');
  await expect(page).toHaveTitle('Fragrâncias | Scentia');
  await page.getByRole('button', { name: 'Nova fragrância' }).click();
  await expect(page).toHaveURL('/admin/fragrances/create');
  await expect(page).toHaveTitle('Nova fragrância | Scentia');

  const save = page.getByRole('button', { name: 'Salvar' });
  await page.getByLabel('Nome', { exact: true }).fill(name);
  // The category comes from the quick search (3 letters, then a pause).
  await chooseOption(page, 'Categoria', category, category.slice(0, 10));
  await page.getByLabel('Caminho olfativo', { exact: true }).fill('Amadeirado musgoso');
  await page.getByLabel('Descrição', { exact: true }).fill('Musgo, bergamota e patchouli.');
  await page.getByLabel('Caminho olfativo (English)', { exact: true }).fill('Mossy woody');
  await page.getByLabel('Descrição (Español)', { exact: true }).fill('Musgo, bergamota y pachulí.');
  await page.getByLabel('Caminho olfativo (Español)', { exact: true }).fill('Amaderado musgoso');
  // The image is required on create.
  await expect(save).toBeDisabled();
  await page
    .getByLabel('Imagem', { exact: true })
    .setInputFiles({ name: 'musgo.png', mimeType: 'image/png', buffer: await pngImage('#2e7d32') });
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem' })).toBeVisible();
  await expect(formItem(page, 'Imagem')).not.toContainText('Campo obrigatório');

  const sent = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/fragrances'),
  );
  await expect(save).toBeEnabled();
  await save.click();
  expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/admin/fragrances');

  // Found by its category's name; the thumbnail (a signed URL, no bearer) has loaded.
  await page
    .getByRole('searchbox', { name: 'Pesquisar por nome da fragrância ou da categoria' })
    .fill(category);
  const row = tableRow(page, name);
  await expect(row).toContainText(category);
  // Columns: the selection box, actions, thumbnail, the id padded to 4 digits.
  await expect(row.locator('td').nth(3)).toHaveText(/^\d{4}$/);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  const thumbnail = row.locator('img.fragrance-thumb');
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);

  // The edit form keeps the stored image and shows what was saved in each language.
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveTitle('Editar fragrância | Scentia');
  await expect(page.getByLabel('Caminho olfativo (English)', { exact: true })).toHaveValue('Mossy woody');
  await expect(page.getByLabel('Descrição (Español)', { exact: true })).toHaveValue(
    'Musgo, bergamota y pachulí.',
  );
  await expect(formItem(page, 'Categoria')).toContainText(category);
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem' })).toBeVisible();
  await page.getByLabel('Caminho olfativo', { exact: true }).fill('Amadeirado musgoso seco');
  await save.click();
  await expect(page).toHaveURL('/admin/fragrances');
  await expect(page.getByText('Registro salvo com sucesso')).toBeVisible();
});
