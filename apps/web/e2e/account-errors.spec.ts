import { expect, test } from '@playwright/test';
import { signUpForActivationLink, uniqueEmail } from './support/accounts.ts';

test.describe('account pages: error states', () => {
  test('the forgot-password dialog refuses an empty and a malformed e-mail before any request', async ({
    page,
  }) => {
    let recoveryCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/usuario/recuperar-senha')) recoveryCalls += 1;
    });
    await page.goto('/auth/login');
    const trigger = page.getByRole('button', { name: 'Esqueci minha senha' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Esqueceu sua senha?' });
    const send = dialog.getByRole('button', { name: 'Enviar link' });

    await send.click();
    await expect(dialog.getByText('Informe o e-mail da sua conta para receber o link.')).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toBeFocused();

    await dialog.getByLabel('E-mail').fill('ana@scentia');
    await send.click();
    await expect(dialog.getByText('E-mail inválido')).toBeVisible();
    await expect(dialog.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(recoveryCalls).toBe(0);

    // Escape closes it and gives the focus back to the link that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the new-password form says 'empty', 'requirement' and 'different' without calling the API", async ({
    page,
  }) => {
    let linkCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/requisicaotemporaria')) linkCalls += 1;
    });
    await page.goto('/auth/cadastrar-senha?t=some-token');
    await expect(page).toHaveTitle('Cadastrar senha | Scentia');
    const submit = page.getByRole('button', { name: 'Cadastrar senha' });
    await submit.click();
    await expect(page.getByText('Informe a nova senha')).toBeVisible();

    await page.getByLabel('Nova senha', { exact: true }).fill('abc');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('abcd');
    await submit.click();
    await expect(page.getByText('A senha deve ter de 4 a 16 caracteres')).toBeVisible();
    await expect(page.getByText('As senhas não coincidem')).toBeVisible();
    expect(linkCalls).toBe(0);
  });

  test("an invalid recovery link shows the error title and the server's message", async ({ page }) => {
    await page.goto('/auth/recuperar-senha?t=bogus');
    await page.getByLabel('Nova senha', { exact: true }).fill('Valida#2026');
    await page.getByLabel('Confirme a nova senha', { exact: true }).fill('Valida#2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Não foi possível redefinir sua senha');
    await expect(alert).toContainText('Este link não é válido');
    // The link cannot work, so the form gives way to the way back.
    await expect(page.getByRole('button', { name: 'Salvar nova senha' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await expect(page).toHaveURL('/auth/login');
  });

  test('an activation link works once; opened again, its error replaces the heading', async ({
    page,
    request,
  }) => {
    const account = { name: 'Lia Duplicada', email: uniqueEmail('usado'), password: 'Usado#2026' };
    const link = await signUpForActivationLink(request, account);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conta ativada!');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Este link já foi usado. Peça um novo se precisar.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page).toHaveTitle('Ativar conta | Scentia');

    // The same address cannot sign up twice: the e-mail field says so.
    await page.goto('/auth/cadastro');
    await page.getByLabel('Nome completo').fill('Outra Pessoa');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill('Outra#2026');
    await page.getByLabel('Confirme a senha', { exact: true }).fill('Outra#2026');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Não é possível criar uma conta com este e-mail.')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeFocused();
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Criar conta');
  });
});
