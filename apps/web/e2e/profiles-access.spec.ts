import { expect, test } from '@playwright/test';
import { OPERATOR, openSignedIn } from './support/session.ts';

test.describe('the profiles entry is for ADMIN only', () => {
  test('an admin sees the top menu entry and the page', async ({ page }) => {
    await openSignedIn(page);
    await page
      .getByRole('navigation', { name: 'Menu superior' })
      .getByRole('link', { name: 'Perfis' })
      .click();
    await expect(page).toHaveURL('/admin/perfis');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perfis');
    await expect(page).toHaveTitle('Perfis | Scentia');
    // Name, master profile and number of users; no actions, no add or export.
    const headers = page.getByRole('columnheader');
    await expect(headers).toHaveText([/^Nome/, /^Perfil mestre/, /^Nº de usuários/]);
    const admin = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'ADMIN' }).first();
    await expect(admin.locator('td').nth(1)).toHaveText('—');
    const operator = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'OPERADOR' });
    await expect(operator.locator('td').nth(1)).toHaveText('ADMIN');
    expect(Number(await operator.locator('td').nth(2).textContent())).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);
    await expect(operator.getByRole('button')).toHaveCount(0);
  });

  test('another profile has no entry, and the page does not exist for them', async ({ page, request }) => {
    await openSignedIn(page, OPERATOR);
    await expect(page.getByRole('link', { name: 'Perfis' })).toHaveCount(0);
    await page.goto('/admin/perfis');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
    await expect(page).toHaveTitle('Página não encontrada | Scentia');
    await expect(page.getByText('Não há nada aqui.')).toBeVisible();

    // The API refuses the data itself.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').authData.token);
    const response = await request.get('/api/perfil', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(403);
  });
});
