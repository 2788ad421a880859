import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/session.ts';

test.describe('the list buttons and the 768 px breakpoint', () => {
  test('under 768 px add, refresh, export and import move into one menu', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 900 });
    await openSignedIn(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Usuários');
    for (const name of ['Novo usuário', 'Atualizar', 'Exportar', 'Importar']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    await page.getByRole('button', { name: /(^|\s)Ações$/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Novo usuário',
      'Atualizar',
      'Exportar',
      'Importar',
    ]);
    await menu.getByRole('menuitem', { name: 'Novo usuário' }).click();
    await expect(page).toHaveURL('/admin/users/create');
    // Nothing overflows the phone-sized window: the list is cards.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('at 768 px the buttons are shown and there is no menu', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await openSignedIn(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('button', { name: 'Novo usuário' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar' })).toBeVisible();
    await expect(page.getByRole('button', { name: /(^|\s)Ações$/ })).toHaveCount(0);
  });
});
