import { expect, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
import { openSignedIn } from './support/session.ts';

test('the users list remembers its sort and page size across a reload, per endpoint', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/admin/users');
  await expect(page).toHaveTitle('Usuários | Scentia');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const range = page.locator('.ant-pagination-total-text');
  const nameHeader = page.getByRole('columnheader', { name: /^Nome/ });
  const createdHeader = page.getByRole('columnheader', { name: /^Criado em/ });

  // Default: 10 rows, newest first.
  await expect(createdHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows).toHaveCount(10);
  await expect(range).toHaveText(/^1-10 de \d+$/);

  // A click sorts ascending, the next descending, the next ascending again (never unsorted).
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('Administrador');
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).not.toContainText('Administrador');
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(createdHeader).not.toHaveAttribute('aria-sort', /.+/);

  await page.locator('.ant-pagination-options .ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '20 / página' }).click();
  await expect(range).toHaveText(/^1-20 de \d+$/);
  await expect(rows).toHaveCount(20);
  const firstName = await rows.first().locator('td:not(.ant-table-selection-column)').nth(1).textContent();

  await page.reload();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(range).toHaveText(/^1-20 de \d+$/);
  await expect(rows).toHaveCount(20);
  await expect(rows.first().locator('td:not(.ant-table-selection-column)').nth(1)).toHaveText(
    firstName ?? '',
  );
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('tablePagination') ?? '{}').usuario),
  ).toEqual({ perPage: 20, orderBy: 'nome', orderByDirection: 'asc' });

  // Another list keeps its own state.
  await page.goto('/admin/perfis');
  await expect(page.getByRole('columnheader', { name: /^Nome/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(tableRow(page, 'OPERADOR')).toBeVisible();
  await expect(page.locator('.ant-pagination-options')).toContainText('10 / página');
});
