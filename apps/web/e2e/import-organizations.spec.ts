import { expect, type Locator, type Page, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import { fillOrganizationsTemplate, withWrongCheckDigit } from './support/imports.ts';
import { uniqueCnpj } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page, '.import-dialog')).toEqual([]);
}

async function chooseFile(dialog: Locator, path: string) {
  await dialog.locator('input[type="file"]').setInputFiles(path);
}

test('an admin imports organisations from the template: an error is shown, fixed, and the rows are applied', async ({
  page,
}, testInfo) => {
  const first = { name: uniqueName('Importada Norte'), cnpj: uniqueCnpj() };
  const right = uniqueCnpj();
  const second = { name: uniqueName('Importada Sul'), cnpj: withWrongCheckDigit(right) };

  await openSignedIn(page);
  await page.goto('/admin/organizations');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page);

  // The template, saved under the server's name.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar o modelo' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await download.path();

  // A file with a wrong CNPJ: checked row by row, nothing applied.
  const withError = testInfo.outputPath('organizacoes-com-erro.xlsx');
  await fillOrganizationsTemplate(template, [first, second], withError);
  await chooseFile(dialog, withError);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  const errors = dialog.getByRole('region', { name: 'Erros por linha' });
  await expect(errors.locator('.ant-table-row')).toHaveCount(1);
  await expect(errors.locator('.ant-table-row')).toContainText('3');
  await expect(errors.locator('.ant-table-row')).toContainText('CNPJ');
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await expectAxeClean(page);
  const errorsCsv = page.waitForEvent('download');
  await errors.getByRole('button', { name: /Baixar os erros/ }).click();
  expect((await errorsCsv).suggestedFilename()).toBe('erros-importacao.csv');

  // Fixed: no error left, then applied.
  const fixed = testInfo.outputPath('organizacoes.xlsx');
  await fillOrganizationsTemplate(template, [first, { ...second, cnpj: right }], fixed);
  await chooseFile(dialog, fixed);
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  await expect(dialog).toContainText('Nenhum erro encontrado: a planilha pode ser importada.');
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialog).toContainText('Importação concluída.', { timeout: 60_000 });
  const counts = dialog.getByRole('region', { name: 'Linhas da planilha' });
  await expect(counts).toContainText('Incluídas2');
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();

  // The rows are in the list.
  const search = page.getByRole('searchbox', { name: /Pesquisar por nome/ });
  await search.fill(first.name);
  await expect(tableRow(page, first.name)).toBeVisible();
  await search.fill(second.name);
  await expect(tableRow(page, second.name)).toBeVisible();
});

test('the import dialog takes the whole width of a 375 px phone and is axe-clean there', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  await page.goto('/admin/organizations');
  await page.getByRole('button', { name: /(^|\s)Ações$/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await expect(dialog).toBeVisible();
  const box = await page.locator('.import-dialog').boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(370);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
