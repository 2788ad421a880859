import { expect, test } from '@playwright/test';
import { formItem, tableRow } from './support/antd.ts';
import { uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

test('an admin creates a category in three languages; one without translations is marked incomplete', async ({
  page,
}) => {
  const name = uniqueName('Especiarias');
  const partial = uniqueName('Resinas');
  await openSignedIn(page);
  await page.goto('/admin/categories');
  await expect(page).toHaveTitle('Categorias de fragrância | Scentia');
  await page.getByRole('button', { name: 'Nova categoria' }).click();
  await expect(page).toHaveURL('/admin/categories/create');
  await expect(page).toHaveTitle('Nova categoria | Scentia');

  // The shared schema's rule: 3 to 100 characters, for the name and each translation.
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Nome', { exact: true }).fill('Es');
  await expect(formItem(page, 'Nome')).toContainText('Informe ao menos 3 caracteres');
  await expect(save).toBeDisabled();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Nome (Português)', { exact: true }).fill(`${name} pt`);
  await page.getByLabel('Nome (English)', { exact: true }).fill('Sp');
  // The name is valid by now: the one message is the translation's.
  await expect(page.getByText('Informe ao menos 3 caracteres')).toHaveCount(1);
  await expect(save).toBeDisabled();
  await page.getByLabel('Nome (English)', { exact: true }).fill(`${name} en`);
  await expect(page.getByText('Informe ao menos 3 caracteres')).toHaveCount(0);
  await page.getByLabel('Nome (Español)', { exact: true }).fill(`${name} es`);
  await expect(save).toBeEnabled();
  await save.click();

  // "New record" empties the form for the next one, saved without translations.
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Novo registro' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
  await page.getByLabel('Nome', { exact: true }).fill(partial);
  await save.click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Registro salvo com sucesso' })
    .getByRole('button', { name: 'Sair' })
    .click();
  await expect(page).toHaveURL('/admin/categories');

  const search = page.getByRole('searchbox', { name: 'Pesquisar por nome' });
  await search.fill(name);
  const row = tableRow(page, name);
  await expect(row).toContainText('Completas');
  await expect(row).toContainText('Ativa');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await search.fill(partial);
  await expect(tableRow(page, partial)).toContainText('Incompletas');

  // A second category with the same name (case and accents ignored) is refused under the field.
  await page.goto('/admin/categories/create');
  await page.getByLabel('Nome', { exact: true }).fill(name.toUpperCase());
  await save.click();
  await expect(page.locator('.resource-form-alert')).toBeVisible();
  await expect(formItem(page, 'Nome').locator('.ant-form-item-explain-error')).toBeVisible();
  await expect(page).toHaveURL('/admin/categories/create');

  // The edit form loads the three translations.
  await page.goto('/admin/categories');
  await search.fill(name);
  await tableRow(page, name).getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveTitle('Editar categoria | Scentia');
  await expect(page.getByLabel('Nome (Português)', { exact: true })).toHaveValue(`${name} pt`);
  await expect(page.getByLabel('Nome (English)', { exact: true })).toHaveValue(`${name} en`);
  await expect(page.getByLabel('Nome (Español)', { exact: true })).toHaveValue(`${name} es`);
});

test('the category screens speak English and Spanish too', async ({ page }) => {
  await openSignedIn(page);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/admin/categories/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New category');
  await expect(page.getByLabel('Name (Español)', { exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categorías de fragancia');
  await page.getByRole('searchbox', { name: 'Buscar por nombre' }).fill('Cítricos');
  await expect(tableRow(page, 'Cítricos')).toContainText('Completas');
});
