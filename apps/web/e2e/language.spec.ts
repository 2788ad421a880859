import { expect, type Page, test } from '@playwright/test';
import { openSignedIn } from './support/session.ts';

const LANGUAGES = [
  {
    short: 'EN',
    code: 'en',
    lang: 'en-US',
    heading: 'Welcome back',
    title: 'Sign in | Scentia',
    users: 'Users',
  },
  {
    short: 'ES',
    code: 'es',
    lang: 'es-ES',
    heading: 'Bienvenido de nuevo',
    title: 'Iniciar sesión | Scentia',
    users: 'Usuarios',
  },
  {
    short: 'PT',
    code: 'pt',
    lang: 'pt-BR',
    heading: 'Bem-vindo de volta',
    title: 'Entrar | Scentia',
    users: 'Usuários',
  },
] as const;

function languageOption(page: Page, short: string) {
  return page.locator('.lang-switch label').filter({ hasText: short });
}

test.describe('language switching', () => {
  test('starts in Portuguese and every language survives a reload', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bem-vindo de volta');

    for (const language of LANGUAGES) {
      await languageOption(page, language.short).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language.heading);
      await expect(page).toHaveTitle(language.title);
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(language.code);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(language.heading);
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      await expect(page.getByRole('radio', { checked: true })).toHaveValue(language.lang);
    }
  });

  test('the signed-in shell switches too, and the API answers in the chosen language', async ({ page }) => {
    await openSignedIn(page);
    for (const language of LANGUAGES) {
      await languageOption(page, language.short).click();
      const menu = page.getByRole('navigation').filter({ has: page.getByRole('menu') });
      await expect(menu.getByRole('link', { name: language.users })).toBeVisible();
      const request = page.waitForRequest((req) => req.url().includes('/api/usuario/me'));
      await page.reload();
      expect((await request).headers()['content-language']).toBe(language.lang);
      await expect(menu.getByRole('link', { name: language.users })).toBeVisible();
    }
  });
});
