import { expect, type Page, test } from '@playwright/test';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('the login page before its script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('paints its brand panel and form from the HTML and CSS alone, in the chosen language', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(heading(page)).toHaveText('Bem-vindo de volta');
    const brand = page.getByRole('complementary');
    await expect(brand).toContainText('Experiências olfativas que marcam');
    // Styled, not bare HTML: the panel's orange and the form's fields are there.
    expect(await brand.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
      'gradient',
    );
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.locator('#splash')).toHaveCount(0);

    await context.addCookies([{ name: 'language', value: 'es', url: baseURL ?? '' }]);
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
    await expect(heading(page)).toHaveText('Bienvenido de nuevo');
  });
});

test('the app takes the prerendered login page over, and a chosen language is sent prerendered next time', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.locator('form[name="login"]')).toHaveCount(1);
  await expect(page.locator('#prerendered-page')).toHaveCount(0);

  await page.locator('.lang-switch label').filter({ hasText: 'EN' }).click();
  await expect(heading(page)).toHaveText('Welcome back');
  const answer = await page.request.get('/auth/login');
  expect(await answer.text()).toContain('<h1>Welcome back</h1>');
});
