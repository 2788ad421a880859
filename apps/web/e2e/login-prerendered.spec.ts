import { expect, type Page, test } from '@playwright/test';
import { ADMIN, submitLogin } from './support/session.ts';

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

test.describe('the prerendered login page before the app boots', () => {
  test('is a labelled form, and a sign-in typed at once goes through when the app takes over', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    // Nothing has been touched yet: the app has not taken over, and the form is not inert.
    await expect(page.locator('#prerendered-page')).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeEditable();
    await expect(page.getByRole('checkbox', { name: /Li e aceito/ })).toBeEnabled();
    await submitLogin(page, ADMIN);
    await expect(page).toHaveURL('/admin/home');
  });

  test('keeps what was typed and the focus when the app takes over, and the keyboard finishes the job', async ({
    page,
  }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) loginCalls += 1;
    });
    await page.goto('/auth/login');
    await expect(page.locator('#prerendered-page')).toHaveCount(1);
    const email = page.getByLabel('E-mail');
    await email.focus();
    await page.keyboard.type(ADMIN.email);
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    await expect(email).toHaveValue(ADMIN.email);
    await expect(email).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    // The app's own checks, in the page's language: the terms are not accepted yet, and they get the focus.
    await expect(page.getByText('É necessário aceitar os termos para continuar')).toBeVisible();
    const terms = page.getByRole('checkbox', { name: /Li e aceito/ });
    await expect(terms).toBeFocused();
    expect(loginCalls).toBe(0);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await page.getByRole('button', { name: 'Entrar' }).press('Enter');
    await expect(page).toHaveURL('/admin/home');
  });

  // Pressing a control starts the app: on a fast machine it takes over between the press and the
  // release, and the release lands on the app's button, which never saw the press (no click).
  test('a button pressed as the app takes over is not lost: the release opens the dialog', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await expect(page.locator('#prerendered-page')).toHaveCount(1);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).hover();
    await page.mouse.down();
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    await page.mouse.up();
    await expect(page.getByRole('dialog', { name: 'Esqueceu sua senha?' })).toBeVisible();
  });

  test('the sign-in button pressed as the app takes over submits: the app checks the empty form', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await expect(page.locator('#prerendered-page')).toHaveCount(1);
    await page.getByRole('button', { name: 'Entrar' }).hover();
    await page.mouse.down();
    await expect(page.locator('#prerendered-page')).toHaveCount(0);
    await page.mouse.up();
    await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  });

  test('a language chosen before the app boots is the one the app shows', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.locator('#prerendered-page')).toHaveCount(1);
    await page.locator('.lang-switch label').filter({ hasText: 'ES' }).click();
    await expect(heading(page)).toHaveText('Bienvenido de nuevo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  });
});
