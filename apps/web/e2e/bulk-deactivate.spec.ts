import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { holdsFocus, pressUntilFocused, tabTo } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import { createLocationThroughApi, createOrganizationThroughApi } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

/** Opens the organisations list searched on `search`, once its answer is on screen. */
async function openSearched(page: Page, search: string) {
  await page.goto('/admin/organizations');
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === search,
  );
  await page.getByRole('searchbox', { name: /Pesquisar por nome/ }).fill(search);
  await searched;
}

test('a bulk deactivate of organisations: one with active locations is refused with its reason, the others are done, the result downloads', async ({
  page,
  request,
}) => {
  const prefix = uniqueName('Lote');
  const free = [
    await createOrganizationThroughApi(request, `${prefix} Alfa`),
    await createOrganizationThroughApi(request, `${prefix} Beta`),
  ];
  const held = await createOrganizationThroughApi(request, `${prefix} Gama`);
  const location = await createLocationThroughApi(request, held.organizationId, uniqueName('Quiosque'));

  await openSignedIn(page);
  await openSearched(page, prefix);
  for (const organization of [...free, held]) {
    await page.getByRole('checkbox', { name: `Selecionar ${organization.name}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Ações em lote' });
  await expect(bar).toContainText('3 selecionados');

  await bar.getByRole('button', { name: 'Desativar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Desativar 3 organizações?' });
  await expect(confirm).toBeVisible();
  expect(await seriousViolations(page, '.bulk-dialog')).toEqual([]);

  await confirm.getByRole('button', { name: 'Desativar' }).click();
  const result = page.getByRole('dialog', { name: 'Resultado' });
  const counts = result.getByRole('list', { name: 'Registros por resultado' });
  await expect(counts).toContainText('2 concluídos');
  await expect(counts).toContainText('1 recusados');
  const refused = result.getByRole('row').filter({ hasText: held.name });
  await expect(refused).toContainText(location.name);
  expect(await seriousViolations(page, '.bulk-dialog')).toEqual([]);

  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Baixar resultado' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('resultado-desativar.csv');
  const lines = (await readFile(await file.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('ID;Nome;Resultado;Mensagem');
  expect(lines).toHaveLength(4);
  expect(lines.find((line) => line.startsWith(`${held.organizationId};`))).toContain('Recusado');
  for (const organization of free) {
    expect(lines).toContain(`${organization.organizationId};${organization.name};Concluído;`);
  }

  // Closed, the list shows what changed: the held organisation stays, the others left the active list.
  await result.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody')).toContainText(held.name);
});

for (const width of [1280, 375]) {
  test(`at ${width} px a bulk deactivate runs by keyboard alone, its dialogs axe-clean`, async ({
    page,
    request,
  }) => {
    const prefix = uniqueName('Lote Teclado');
    const organization = await createOrganizationThroughApi(request, `${prefix} Delta`);
    await page.setViewportSize({ width, height: 800 });
    await openSignedIn(page);
    await openSearched(page, prefix);

    const checkbox = page.getByRole('checkbox', { name: `Selecionar ${organization.name}` });
    await tabTo(page, checkbox, 20);
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Ações em lote' });
    await expect(bar).toContainText('1 selecionado');
    expect(await seriousViolations(page, '.resource-list')).toEqual([]);

    // Escape leaves the confirmation with nothing done, back on the bar's button.
    const deactivate = bar.getByRole('button', { name: 'Desativar' });
    await pressUntilFocused(page, 'Shift+Tab', deactivate, 20);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Desativar 1 organização?' });
    await expect(confirm).toBeVisible();
    await expect.poll(() => holdsFocus(confirm)).toBe(true);
    expect(await seriousViolations(page, '.bulk-dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(deactivate).toBeFocused();
    await expect(bar).toContainText('1 selecionado');

    // Confirmed: the result takes the focus; closed, the list is without the organisation.
    await page.keyboard.press('Enter');
    await expect.poll(() => holdsFocus(confirm)).toBe(true);
    await tabTo(page, confirm.getByRole('button', { name: 'Desativar' }), 4);
    await page.keyboard.press('Enter');
    const result = page.getByRole('dialog', { name: 'Resultado' });
    await expect(result.getByRole('list', { name: 'Registros por resultado' })).toContainText('1 concluídos');
    const close = result.locator('.ant-modal-footer').getByRole('button', { name: 'Fechar' });
    await expect(close).toBeFocused();
    expect(await seriousViolations(page, '.bulk-dialog')).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(result).toHaveCount(0);
    await expect(bar).toHaveCount(0);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);
    // The bar's button went with the selection: the list's first control takes the focus.
    await expect(page.getByRole('searchbox', { name: /Pesquisar por nome/ })).toBeFocused();
  });
}
