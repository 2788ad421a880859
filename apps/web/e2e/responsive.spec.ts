import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/session.ts';

test.describe('the 768 px breakpoint', () => {
  test('at 767 px the side menu becomes a drawer opened by the hamburger', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 900 });
    await openSignedIn(page);

    const mainMenu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(mainMenu).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Dispositivos' }).click();

    await expect(page).toHaveURL('/admin/devices');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispositivos');
    await expect(drawer).toBeHidden();
  });

  test('at 768 px the side menu is always visible and there is no hamburger', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await openSignedIn(page);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Cápsulas' })
      .click();
    await expect(page).toHaveURL('/admin/capsules');
  });

  test('the login page drops the brand panel on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/login');
    await expect(page.getByRole('complementary')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeInViewport();
  });

  test('on a phone the sign-up form fits the width and the forgot-password dialog stays in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/cadastro');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Criar conta');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const submit = page.getByRole('button', { name: 'Criar conta' });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();

    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esqueceu sua senha?' });
    await expect(dialog).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Enviar link' })).toBeInViewport();
  });
});
