import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { uniqueName } from './support/catalog.ts';
import { uniqueCnpj } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

/** More rows than a request takes (IMPORT_JOB_MIN_ROWS, 1,000): the file runs as a job. */
const ROWS = 1_200;

/** A CSV of `ROWS` new organisations, headed by the column keys (the import takes them too). */
function largeFile(path: string): string[] {
  const names = Array.from({ length: ROWS }, (_, index) => uniqueName(`Lote ${index}`));
  const lines = names.map((name) => `"${name}","${name} Ltda.","${uniqueCnpj()}","Recife"`);
  writeFileSync(path, ['name,legalName,cnpj,city', ...lines].join('\r\n'));
  return names;
}

test('a large file runs as a job: its progress shows, survives a reload, and its rows are applied', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const path = testInfo.outputPath('organizacoes-lote.csv');
  const names = largeFile(path);

  await openSignedIn(page);
  await page.goto('/admin/organizations');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar planilha' });
  await dialog.locator('input[type="file"]').setInputFiles(path);

  // The check, queued as a job: a progress bar, and the job's id in the page's address.
  await dialog.getByRole('button', { name: 'Verificar' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Andamento da importação' });
  await expect(progress).toBeVisible();
  await expect(page).toHaveURL(/[?&]import=[0-9a-f-]{36}/);
  expect(await seriousViolations(page, '.import-dialog')).toEqual([]);
  await expect(dialog).toContainText('Nenhum erro encontrado: a planilha pode ser importada.', {
    timeout: 120_000,
  });

  // The apply, queued too; a reload finds it again through the address.
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(progress).toBeVisible();
  await expect(page).toHaveURL(/[?&]import=[0-9a-f-]{36}/);
  await page.reload();
  const reopened = page.getByRole('dialog', { name: 'Importar planilha' });
  await expect(reopened).toContainText('Importação concluída.', { timeout: 120_000 });
  await expect(reopened.getByRole('region', { name: 'Linhas da planilha' })).toContainText(
    /Incluídas\s*1\.?200/,
  );
  expect(await seriousViolations(page, '.import-dialog')).toEqual([]);
  await reopened.getByRole('button', { name: 'Fechar' }).last().click();

  const search = page.getByRole('searchbox', { name: /Pesquisar por nome/ });
  await search.fill(names[ROWS - 1] as string);
  await expect(page.getByRole('row', { name: new RegExp(names[ROWS - 1] as string) })).toBeVisible();
});
