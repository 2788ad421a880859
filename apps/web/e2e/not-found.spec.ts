import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/session.ts';

test('an unknown admin path shows the not-found page inside the shell', async ({ page }) => {
  await openSignedIn(page);
  await page.goto('/admin/xyz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
  await expect(page.getByText('Não há nada aqui.')).toBeVisible();
  await expect(page).toHaveTitle('Página não encontrada | Scentia');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page).toHaveURL('/admin/home');
});
