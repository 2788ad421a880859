import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts.ts';
import { formItem, rowDetails, tableRow } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { createCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { waitForMail } from './support/mail.ts';
import {
  createLocationThroughApi,
  createOrganizationThroughApi,
  pickOption,
} from './support/organizations.ts';
import { ADMIN, OPERATOR, openSignedIn } from './support/session.ts';

/** The list searched by `title`, and that initiative's row. */
async function openInList(page: Page, title: string) {
  await page.goto('/admin/initiatives');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciativas');
  await page.getByRole('searchbox', { name: 'Buscar por título' }).fill(title);
  const row = tableRow(page, title);
  await expect(row).toHaveCount(1);
  return row;
}

async function typeDay(page: Page, label: string, day: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(day);
  await field.press('Tab');
}

test('an operator proposes an initiative; an admin requests changes by mail; the operator edits it and the admin approves it', async ({
  page,
  request,
}) => {
  // Two accounts, four axe audits, a mail delivered and three status changes on a busy machine.
  test.slow();
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Iniciativa'));
  const location = await createLocationThroughApi(
    request,
    organization.organizationId,
    uniqueName('Loja Sul'),
  );
  const campaign = await createCampaign(request, uniqueName('Campanha Verão'));
  const title = uniqueName('Ativação de verão');
  const recipient = uniqueEmail('contato.iniciativa');

  // The operator proposes it.
  await openSignedIn(page, OPERATOR);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Iniciativas', exact: true })
    .click();
  await expect(page).toHaveURL('/admin/initiatives');
  await expect(page.getByRole('link', { name: 'Ver calendário' })).toBeVisible();
  expect(await seriousViolations(page), 'list').toEqual([]);
  await page.getByRole('button', { name: 'Nova iniciativa' }).click();
  await expect(page).toHaveURL('/admin/initiatives/create');
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Título', { exact: true }).fill('Ab');
  await page.getByLabel('Título', { exact: true }).blur();
  await expect(formItem(page, 'Título')).toContainText('Informe ao menos 3 caracteres');
  await page.getByLabel('Título', { exact: true }).fill(title);
  await expect(page.getByLabel('Locais', { exact: true })).toBeDisabled();
  await pickOption(page, 'Organização', organization.name);
  await pickOption(page, 'Locais', location.name);
  await page.keyboard.press('Escape');
  await pickOption(page, 'Campanha', campaign.name);
  await typeDay(page, 'Data de início', '10/03/2027');
  await typeDay(page, 'Data de fim', '01/03/2027');
  await expect(formItem(page, 'Data de fim')).toContainText('A data final vem antes da inicial');
  await typeDay(page, 'Data de fim', '20/03/2027');
  expect(await seriousViolations(page), 'form').toEqual([]);
  await expect(save).toBeEnabled();
  await save.click();
  const saved = page.getByRole('dialog').filter({ hasText: 'Registro salvo com sucesso' });
  await saved.getByRole('button', { name: 'Sair' }).click();

  let row = await openInList(page, title);
  await expect(row).toContainText(organization.name);
  await expect(row).toContainText(location.name);
  await expect(row).toContainText('10/03/2027');
  await expect(row).toContainText('Em Análise');
  // The campaign is among the columns a 1280 px window folds into the row.
  await expect(await rowDetails(row)).toContainText(campaign.name);
  // The review is an admin's: an operator is offered none of it.
  await expect(row.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Solicitar alterações' })).toHaveCount(0);

  // The admin requests changes with the mail editor: e-mail and subject are required.
  await openSignedIn(page, ADMIN);
  row = await openInList(page, title);
  await row.getByRole('button', { name: 'Solicitar alterações' }).click();
  const editor = page.getByRole('dialog', { name: `Solicitar alterações em ${title}` });
  const body = editor.getByRole('textbox', { name: 'Mensagem' });
  await expect(body).toBeVisible();
  await editor.getByLabel('E-mail do destinatário').fill('');
  await editor.getByLabel('Assunto').fill('');
  await editor.getByRole('button', { name: 'Enviar e solicitar alterações' }).click();
  await expect(formItem(page, 'E-mail do destinatário')).toContainText('Campo obrigatório');
  await expect(formItem(page, 'Assunto')).toContainText('Campo obrigatório');
  await editor.getByLabel('E-mail do destinatário').fill('contato@');
  await expect(formItem(page, 'E-mail do destinatário')).toContainText('Informe um e-mail válido');
  expect(await seriousViolations(page, '.ant-modal'), 'mail editor').toEqual([]);
  await editor.getByLabel('E-mail do destinatário').fill(recipient);
  await editor.getByLabel('Assunto').fill(`Ajustes em ${title}`);
  await body.click();
  await page.keyboard.type('Troque a data de início. ');
  await editor.getByRole('button', { name: 'Negrito' }).click();
  await expect(editor.getByRole('button', { name: 'Negrito' })).toHaveAttribute('aria-pressed', 'true');
  await expect(body).toBeFocused();
  await page.keyboard.type('Obrigado');
  await editor.getByRole('button', { name: 'Enviar e solicitar alterações' }).click();
  await expect(editor).toHaveCount(0);
  await expect(row).toContainText('Necessita Alteração');
  const mail = await waitForMail(request, recipient);
  expect(mail.subject).toBe(`Ajustes em ${title}`);
  expect(mail.html).toContain('<strong>Obrigado</strong>');

  // The record shows the mail and the history.
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/initiatives\/\d+\/update$/);
  const recordPath = new URL(page.url()).pathname;
  const mails = page.getByRole('region', { name: 'E-mails enviados' });
  await expect(mails).toContainText(`Ajustes em ${title}`);
  await expect(mails).toContainText(recipient);
  const mailBody = mails.locator('iframe');
  await expect(mailBody).toHaveAttribute('sandbox', '');
  await expect(mailBody.contentFrame().locator('strong')).toHaveText('Obrigado');

  // The operator edits it: back to review.
  await openSignedIn(page, OPERATOR);
  await page.goto(recordPath);
  await expect(page.getByRole('region', { name: 'Análise', exact: true })).toContainText(
    'Necessita Alteração',
  );
  await typeDay(page, 'Data de início', '12/03/2027');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/admin/initiatives');
  row = await openInList(page, title);
  await expect(row).toContainText('12/03/2027');
  await expect(row).toContainText('Em Análise');

  // The admin approves it from its page; it is then read-only, saying why.
  await openSignedIn(page, ADMIN);
  await page.goto(recordPath);
  const review = page.getByRole('region', { name: 'Análise', exact: true });
  await review.getByRole('button', { name: 'Aprovar' }).click();
  const approve = page.getByRole('dialog', { name: `Aprovar a iniciativa ${title}?` });
  await approve.getByLabel('Observação (opcional, fica no histórico)').fill('Tudo certo');
  await approve.getByRole('button', { name: 'Aprovar' }).click();
  await expect(approve).toHaveCount(0);
  await expect(review).toContainText('Aprovada');
  await expect(page.getByText('Esta iniciativa foi aprovada e não pode mais ser editada.')).toBeVisible();
  await expect(page.getByLabel('Título', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Histórico de status' });
  await expect(history).toContainText('Tudo certo');
  await expect(history.locator('.initiative-status')).toHaveCount(7);
  await expect(review.getByRole('button', { name: 'Inativar' })).toBeVisible();
});

test('the initiatives list, filtered by status, and an approved initiative page fit a 375 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openSignedIn(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  // The demo data has initiatives in every status; the address holds the filter.
  await page.goto('/admin/initiatives?status=approved');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciativas');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Aprovada');
  expect(await overflow()).toBeLessThanOrEqual(0);
  await rows.first().getByRole('link', { name: 'Abrir' }).click();
  await expect(page).toHaveURL(/\/admin\/initiatives\/\d+\/update$/);
  await expect(page.getByText('Esta iniciativa foi aprovada e não pode mais ser editada.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Histórico de status' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
