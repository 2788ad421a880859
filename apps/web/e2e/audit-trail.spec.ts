import { expect, type Page, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { createCategory, uniqueName } from './support/catalog.ts';
import { openSignedIn } from './support/session.ts';

/** Renames a category through its edit page and answers the category's id, read from the page's address. */
async function renameCategory(page: Page, name: string, newName: string): Promise<string> {
  await page.goto('/admin/categories');
  await page.getByRole('searchbox', { name: 'Pesquisar por nome' }).fill(name);
  await tableRow(page, name).getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\/\d+\/update$/);
  const id = /\/categories\/(\d+)\/update/.exec(page.url())?.[1] ?? '';
  // The address changes before the lazily loaded page replaces the list.
  await expect(page.getByRole('heading', { level: 1, name: 'Editar categoria' })).toBeVisible();
  const field = page.getByLabel('Nome', { exact: true });
  await expect(field).toHaveValue(name);
  await field.fill(newName);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/admin/categories');
  return id;
}

test('the quick panel shows an admin the edit just made, linking to the category', async ({ page }) => {
  const name = uniqueName('Resina');
  const newName = `${name} Editada`;
  await openSignedIn(page);
  await createCategory(page, name);
  const id = await renameCategory(page, name, newName);

  await page.getByRole('button', { name: 'Abrir painel rápido' }).click();
  const panel = page.getByRole('dialog', { name: 'Painel rápido' });
  await panel.getByRole('tab', { name: 'Auditoria' }).click();
  const events = panel.getByRole('list', { name: 'Últimos eventos da trilha de auditoria' });
  const linkName = `Categoria ${newName} (#${id})`;
  const edit = events.getByRole('listitem').filter({ has: page.getByRole('link', { name: linkName }) });
  await expect(edit).toContainText('Administrador');
  await expect(edit).toContainText('Edição');
  expect(await seriousViolations(page, '.ant-drawer')).toEqual([]);

  await edit.getByRole('link', { name: linkName }).click();
  await expect(page).toHaveURL(`/admin/categories/${id}/update`);
  await expect(page.getByRole('heading', { level: 1, name: 'Editar categoria' })).toBeVisible();
  await expect(panel).toBeHidden();
});

test("a category's edit page shows who changed it, when, and which field", async ({ page }) => {
  const name = uniqueName('Almíscar');
  const newName = `${name} Editado`;
  await openSignedIn(page);
  await createCategory(page, name);
  const id = await renameCategory(page, name, newName);

  await page.goto(`/admin/categories/${id}/update`);
  const history = page.getByRole('region', { name: 'Histórico' });
  const entries = history.getByRole('list').first().locator(':scope > li');
  await expect(entries).toHaveCount(2);
  // Newest first: the rename, then the creation.
  await expect(entries.nth(0)).toContainText('Edição');
  await expect(entries.nth(0)).toContainText(/Alterado por Administrador em \d{2}\/\d{2}\/\d{4}/);
  await expect(entries.nth(0).getByRole('listitem')).toHaveText([`Nome: ${name} → ${newName}`]);
  await expect(entries.nth(1)).toContainText('Criação');
  await expect(entries.nth(1)).toContainText(`Nome: ${name}`);
  expect(await seriousViolations(page, '.record-history')).toEqual([]);
});
