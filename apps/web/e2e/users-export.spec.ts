import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { listTotal } from './support/antd.ts';
import { openSignedIn } from './support/session.ts';

// The list and the export are read at two moments while other journeys run beside this one: no
// journey may create a user whose name or e-mail has a word starting with 'Silva'.
test('export downloads an xlsx with exactly the rows of the list, in its order', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/admin/users');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(10);

  const searched = page.waitForResponse((response) => response.url().includes('search=Silva'));
  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill('Silva');
  await searched;
  const sorted = page.waitForResponse((response) => /orderBy=nome&orderByDirection=asc/.test(response.url()));
  await page.getByRole('columnheader', { name: /^Nome/ }).click();
  await sorted;
  await expect(page.locator('.ant-table')).not.toHaveClass(/ant-spin-blur/);
  const total = await listTotal(page);
  expect(total).toBeGreaterThan(10);
  const pageNames = await rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll('td:not(.ant-table-selection-column)')[1]?.textContent ?? ''),
  );
  expect(pageNames.every((name) => name.includes('Silva'))).toBe(true);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^usuarios-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const nameColumn = header.indexOf('Nome');
  expect(nameColumn).toBeGreaterThan(0);
  const names: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) names.push(String(row.getCell(nameColumn).value ?? ''));
  });
  expect(names).toHaveLength(total);
  expect(names.slice(0, pageNames.length)).toEqual(pageNames);
});
