import { expect, type Locator, type Page, test } from '@playwright/test';
import { holdsFocus, pressUntilFocused, tabTo } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import { fillOrganizationsTemplate, withWrongCheckDigit } from './support/imports.ts';
import { uniqueCnpj } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

const WIDTHS = [1280, 375] as const;

/**
 * Opens the organisations' import from the list's toolbar by keyboard, from the search box: on a
 * laptop its Importar button; under 768 px the actions menu, opened with Enter and walked with the
 * arrow keys. Answers the control the focus must come back to when the dialog closes.
 */
async function openImportByKeyboard(page: Page, width: number): Promise<Locator> {
  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).focus();
  if (width >= 768) {
    const button = page.locator('.list-toolbar').getByRole('button', { name: 'Importar' });
    await tabTo(page, button, 8);
    await page.keyboard.press('Enter');
    return button;
  }
  const trigger = page.getByRole('button', { name: /(^|\s)Ações$/ });
  await tabTo(page, trigger, 5);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  const item = menu.getByRole('menuitem', { name: 'Importar' });
  await pressUntilFocused(page, 'ArrowDown', item, 4);
  await expect(item).toHaveClass(/ant-dropdown-menu-item-active/);
  await page.keyboard.press('Enter');
  return trigger;
}

/**
 * Chooses `path` once the dialog's drop area has the focus. The file goes in through the input: a
 * second Enter on the drop area did not always bring up Playwright's file chooser.
 */
async function chooseFile(dialog: Locator, dropArea: Locator, path: string) {
  await expect(dropArea).toBeFocused();
  await dialog.locator('input[type="file"]').setInputFiles(path);
}

for (const width of WIDTHS) {
  test(`at ${width} px an import runs by keyboard alone: template, a file with an error, its fix, the apply`, async ({
    page,
  }, testInfo) => {
    const first = { name: uniqueName('Teclado Norte'), cnpj: uniqueCnpj() };
    const right = uniqueCnpj();
    const second = { name: uniqueName('Teclado Sul'), cnpj: withWrongCheckDigit(right) };
    await page.setViewportSize({ width, height: 800 });
    await openSignedIn(page);
    await page.goto('/admin/organizations');

    const opener = await openImportByKeyboard(page, width);
    const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => holdsFocus(dialog)).toBe(true);
    expect(await seriousViolations(page, '.import-dialog')).toEqual([]);

    const downloading = page.waitForEvent('download');
    await tabTo(page, dialog.getByRole('button', { name: 'Baixar o modelo' }), 4);
    await page.keyboard.press('Enter');
    const template = await (await downloading).path();

    // A file with a wrong CNPJ: its row error is listed, and the errors download is reachable.
    const withError = testInfo.outputPath('com-erro.xlsx');
    await fillOrganizationsTemplate(template, [first, second], withError);
    const dropArea = dialog.getByRole('button', { name: /Clique ou arraste/ });
    await tabTo(page, dropArea, 2);
    await chooseFile(dialog, dropArea, withError);
    await tabTo(page, dialog.getByRole('button', { name: 'Verificar' }), 4);
    await page.keyboard.press('Enter');
    const errors = dialog.getByRole('region', { name: 'Erros por linha' });
    await expect(errors.locator('.ant-table-row')).toHaveCount(1);
    await expect(errors.locator('.ant-table-row')).toContainText('CNPJ');
    expect(await seriousViolations(page, '.import-dialog')).toEqual([]);
    const errorsCsv = page.waitForEvent('download');
    await pressUntilFocused(page, 'Shift+Tab', errors.getByRole('button', { name: /Baixar os erros/ }), 6);
    await page.keyboard.press('Enter');
    expect((await errorsCsv).suggestedFilename()).toBe('erros-importacao.csv');

    // Fixed, checked again and applied.
    const fixed = testInfo.outputPath('corrigida.xlsx');
    await fillOrganizationsTemplate(template, [first, { ...second, cnpj: right }], fixed);
    await pressUntilFocused(page, 'Shift+Tab', dropArea, 4);
    await chooseFile(dialog, dropArea, fixed);
    await tabTo(page, dialog.getByRole('button', { name: 'Verificar' }), 4);
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText('Nenhum erro encontrado: a planilha pode ser importada.');
    await tabTo(page, dialog.getByRole('button', { name: 'Importar', exact: true }), 2);
    await page.keyboard.press('Enter');
    await expect(dialog).toContainText('Importação concluída.', { timeout: 60_000 });
    await expect(dialog.getByRole('region', { name: 'Linhas da planilha' })).toContainText('Incluídas2');
    expect(await seriousViolations(page, '.import-dialog')).toEqual([]);

    // Escape closes it, and the focus is back where the import was opened.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
