import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/session.ts';

test.describe('leaving a form with unsaved changes asks first', () => {
  test('links, the cancel link and the browser Back button are held until the user confirms', async ({
    page,
  }) => {
    await openSignedIn(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await expect(page).toHaveURL('/admin/users/create');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novo usuário');
    const name = page.getByLabel('Nome', { exact: true });
    const leave = page.getByRole('dialog', { name: 'Descartar alterações?' });

    // Untouched: leaving is free.
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL('/admin/users');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Novo usuário');

    await name.fill('Rascunho Sem Salvar');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Início' })
      .click();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL('/admin/users/create');
    await expect(name).toHaveValue('Rascunho Sem Salvar');

    await page.goBack();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(page).toHaveURL('/admin/users/create');
    await expect(name).toHaveValue('Rascunho Sem Salvar');

    // 'Clean' empties the form, which can then be left without a question.
    await page.getByRole('button', { name: 'Limpar' }).click();
    await expect(name).toHaveValue('');
    await name.fill('Outro Rascunho');
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await leave.getByRole('button', { name: 'Sair sem salvar' }).click();
    await expect(page).toHaveURL('/admin/users');
  });

  test('an edit reverts to the loaded values, and closing the tab asks while changes are unsaved', async ({
    page,
  }) => {
    await openSignedIn(page);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill('gestora@scentia.test');
    await page
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ hasText: 'gestora@scentia.test' })
      .getByRole('link', { name: 'Editar' })
      .click();
    await expect(page).toHaveTitle('Editar usuário | Scentia');
    const name = page.getByLabel('Nome', { exact: true });
    await expect(name).toHaveValue('Administradora Demonstração');
    const revert = page.getByRole('button', { name: 'Reverter' });
    await expect(revert).toBeDisabled();

    await name.fill('Nome Alterado');
    await revert.click();
    await expect(name).toHaveValue('Administradora Demonstração');
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL('/admin/users');

    await page.goBack();
    await expect(name).toHaveValue('Administradora Demonstração');
    // The page cancels beforeunload while it holds unsaved changes, which is what makes the browser
    // ask. (Whether headless Chromium then shows its own prompt depends on user activation timing,
    // so the event itself is checked.)
    const isUnloadCancelled = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await isUnloadCancelled()).toBe(false);
    await name.fill('Administradora Demonstração Alterada');
    await expect(revert).toBeEnabled();
    await expect.poll(isUnloadCancelled).toBe(true);
    await revert.click();
    await expect.poll(isUnloadCancelled).toBe(false);
  });
});
