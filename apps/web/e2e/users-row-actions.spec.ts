import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { tableRow } from './support/antd.ts';
import { mailsTo, waitForMail } from './support/mail.ts';
import { ADMIN, OPERATOR, openSignedIn } from './support/session.ts';
import { confirmThroughMail, createUserThroughApi } from './support/users.ts';

const RESEND = 'Reenviar e-mail de confirmação';

async function findRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Pesquisar por nome ou e-mail' }).fill(email);
  const row = tableRow(page, email);
  await expect(row).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  return row;
}

/** The names of a row's actions, buttons and links alike, in order. */
async function actionsOf(page: Page, email: string) {
  const row = await findRow(page, email);
  return row
    .locator('td:not(.ant-table-selection-column)')
    .first()
    .locator('a, button')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
}

test.describe('user row actions follow the viewer (spec §4)', () => {
  test('an admin toggles and edits confirmed users; resends, deletes and edits unconfirmed ones', async ({
    page,
    request,
  }) => {
    const confirmed = await createUserThroughApi(request, {
      nome: 'Caio Confirmado',
      email: uniqueEmail('confirmado'),
    });
    await confirmThroughMail(request, confirmed.email, 'Confirmado#26');
    const pending = await createUserThroughApi(request, {
      nome: 'Paula Pendente',
      email: uniqueEmail('pendente'),
    });
    await waitForMail(request, pending.email);

    await openSignedIn(page);
    await page.goto('/admin/users');
    expect(await actionsOf(page, confirmed.email)).toEqual(['Inativar', 'Editar']);
    expect(await actionsOf(page, pending.email)).toEqual([RESEND, 'Excluir', 'Editar']);
    // Their own row: no toggle (the server refuses a self-deactivation).
    expect(await actionsOf(page, ADMIN.email)).toEqual(['Editar']);

    // Deactivate: confirmed, then gone from the active list, then back from the inactive one.
    let row = await findRow(page, confirmed.email);
    await row.getByRole('button', { name: 'Inativar' }).click();
    const deactivate = page.getByRole('dialog', { name: `Inativar o usuário ${confirmed.nome}?` });
    await deactivate.getByRole('button', { name: 'Inativar' }).click();
    await expect(page.getByText('Status alterado com sucesso')).toBeVisible();
    await expect(tableRow(page, confirmed.email)).toHaveCount(0);
    await page.getByText('Inativos', { exact: true }).click();
    row = tableRow(page, confirmed.email);
    await expect(row).toContainText('Inativo');
    await row.getByRole('button', { name: 'Ativar' }).click();
    await page
      .getByRole('dialog', { name: `Ativar o usuário ${confirmed.nome}?` })
      .getByRole('button', { name: 'Ativar' })
      .click();
    await expect(tableRow(page, confirmed.email)).toHaveCount(0);
    await page.getByText('Ativos', { exact: true }).click();
    await expect(tableRow(page, confirmed.email)).toContainText('Ativo');

    // Resend: a second mail arrives.
    const mailCount = (await mailsTo(request, pending.email)).length;
    row = await findRow(page, pending.email);
    await row.getByRole('button', { name: RESEND }).click();
    await page
      .getByRole('dialog', { name: `Reenviar o e-mail de confirmação para ${pending.email}?` })
      .getByRole('button', { name: 'Confirmar' })
      .click();
    await expect(page.getByText('E-mail enviado com sucesso')).toBeVisible();
    await waitForMail(request, pending.email, mailCount);

    // Delete, after a change of mind.
    await row.getByRole('button', { name: 'Excluir' }).click();
    const remove = page.getByRole('dialog', { name: `Excluir o usuário ${pending.nome}?` });
    await remove.getByRole('button', { name: 'Cancelar' }).click();
    await expect(remove).toBeHidden();
    await expect(tableRow(page, pending.email)).toBeVisible();
    await row.getByRole('button', { name: 'Excluir' }).click();
    await remove.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Registro deletado com sucesso')).toBeVisible();
    await expect(tableRow(page, pending.email)).toHaveCount(0);
    await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
  });

  test('an operator resends for unconfirmed users and edits only their own row', async ({
    page,
    request,
  }) => {
    const pending = await createUserThroughApi(request, {
      nome: 'Otto Pendente',
      email: uniqueEmail('pendente.op'),
    });
    const confirmed = await createUserThroughApi(request, {
      nome: 'Olga Confirmada',
      email: uniqueEmail('confirmada.op'),
    });
    await confirmThroughMail(request, confirmed.email, 'Confirmada#26');

    await openSignedIn(page, OPERATOR);
    await page.goto('/admin/users');
    expect(await actionsOf(page, pending.email)).toEqual([RESEND]);
    expect(await actionsOf(page, confirmed.email)).toEqual([]);
    expect(await actionsOf(page, OPERATOR.email)).toEqual(['Editar']);

    // The own record opens with the profile locked to their own.
    await (await findRow(page, OPERATOR.email)).getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveTitle('Editar usuário | Scentia');
    await expect(page.getByLabel('Perfil', { exact: true })).toBeDisabled();
    await expect(page.getByText('Você só pode atribuir o seu próprio perfil.')).toBeVisible();

    // Another user's edit address is refused on the client too.
    await page.goto(`/admin/users/${confirmed.id}/update`);
    await expect(page.getByText('Você só pode editar o seu próprio cadastro.')).toBeVisible();
  });
});
