import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { createCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { mailsTo, waitForMail } from './support/mail.ts';
import { pickOption } from './support/organizations.ts';
import { ADMIN, openSignedIn, signIn } from './support/session.ts';

/**
 * A client's Manager (the demo's, README: Essenza Perfumaria's, whole organisation) and staff hold an
 * initiative's conversation (issue 39 §6). The demo's members come from the members' seed: without
 * them this journey has no client to sign in as, and says so.
 */
const MANAGER = { email: 'gerente@essenza.scentia.test', password: 'demo1234' };
const DAY_MS = 86_400_000;

/** A day far enough ahead that no demo initiative plays then: `DD/MM/YYYY` and `YYYY-MM-DD`. */
function dayAhead(days: number) {
  const iso = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const [year, month, day] = iso.split('-');
  return { iso, typed: `${day}/${month}/${year}` };
}

async function typeDay(page: Page, label: string, day: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(day);
  await field.press('Tab');
}

async function openInList(page: Page, title: string) {
  await page.goto('/admin/initiatives');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciativas');
  await page.getByRole('searchbox', { name: 'Buscar por título' }).fill(title);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

test('a Manager proposes; staff ask for changes; the Manager changes it; staff approve; the Manager sees it scheduled', async ({
  page,
  request,
}) => {
  // Three sign-ins, two mails, four axe audits and three status changes on a shared two-core machine.
  test.setTimeout(300_000);
  const probe = await request.post('/api/login', {
    data: { email: MANAGER.email, password: MANAGER.password },
  });
  test.skip(probe.status() !== 200, 'The demo has no client Manager (the members seed adds them).');
  const campaign = await createCampaign(request, uniqueName('Campanha Cliente'));
  const title = uniqueName('Vitrine de Primavera');
  const start = dayAhead(150);
  const moved = dayAhead(152);
  const end = dayAhead(158);

  // The Manager proposes it for their sites: no organisation to choose.
  await signIn(page, MANAGER, /\/admin\//);
  await page.goto('/admin/initiatives');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciativas');
  expect(await seriousViolations(page, undefined, { iframes: false }), 'list').toEqual([]);
  await page.getByRole('button', { name: 'Nova iniciativa' }).click();
  await expect(page).toHaveURL('/admin/initiatives/create');
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await expect(page.getByLabel('Organização', { exact: true })).toHaveCount(0);
  await pickOption(page, 'Locais', 'Paulista', 'Essenza Paulista');
  await page.keyboard.press('Escape');
  await pickOption(page, 'Campanha', campaign.name);
  await typeDay(page, 'Data de início', start.typed);
  await typeDay(page, 'Data de fim', end.typed);
  expect(await seriousViolations(page, undefined, { iframes: false }), 'form').toEqual([]);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Registro salvo com sucesso' })
    .getByRole('button', { name: 'Sair' })
    .click();
  let row = await openInList(page, title);
  await expect(row).toContainText('Em Análise');
  await expect(row.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

  // Staff ask for changes: the mail goes to the Manager who proposed it.
  const mailsBefore = (await mailsTo(request, MANAGER.email)).length;
  await openSignedIn(page, ADMIN);
  row = await openInList(page, title);
  await row.getByRole('button', { name: 'Solicitar alterações' }).click();
  const editor = page.getByRole('dialog', { name: `Solicitar alterações em ${title}` });
  await expect(editor.getByLabel('E-mail do destinatário')).toHaveValue(MANAGER.email);
  await editor.getByRole('textbox', { name: 'Mensagem' }).click();
  await page.keyboard.type('Comece dois dias depois, por favor.');
  await editor.getByRole('button', { name: 'Enviar e solicitar alterações' }).click();
  await expect(editor).toHaveCount(0);
  const asked = await waitForMail(request, MANAGER.email, mailsBefore);
  expect(asked.text).toContain('Comece dois dias depois');

  // The Manager reads the mail on the initiative, with staff as "Scentia", and changes the start.
  await signIn(page, MANAGER, /\/admin\//);
  row = await openInList(page, title);
  await expect(row).toContainText('Necessita Alteração');
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/initiatives\/\d+\/update$/);
  const recordPath = new URL(page.url()).pathname;
  await expect(page.getByRole('region', { name: 'E-mails enviados' })).toContainText('Scentia');
  await expect(page.getByRole('region', { name: 'Histórico de status' })).toContainText('Scentia');
  await typeDay(page, 'Data de início', moved.typed);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/admin/initiatives');
  row = await openInList(page, title);
  await expect(row).toContainText('Em Análise');

  // Staff approve it.
  await openSignedIn(page, ADMIN);
  await page.goto(recordPath);
  const review = page.getByRole('region', { name: 'Análise', exact: true });
  await review.getByRole('button', { name: 'Aprovar' }).click();
  const approve = page.getByRole('dialog', { name: `Aprovar a iniciativa ${title}?` });
  await approve.getByRole('button', { name: 'Aprovar' }).click();
  await expect(approve).toHaveCount(0);
  await expect(review).toContainText('Aprovada');

  // The Manager is told by mail and sees it scheduled on their calendar, on a phone too.
  const told = await waitForMail(request, MANAGER.email, mailsBefore + 1);
  expect(told.subject).toBe(`Iniciativa aprovada: ${title}`);
  await signIn(page, MANAGER, /\/admin\//);
  await page.evaluate(
    (dateInitial) =>
      localStorage.setItem(
        'initiativesCalendar',
        JSON.stringify({
          at: Date.now(),
          state: {
            view: 'month',
            dateInitial,
            filter: { status: null, organizationId: null, locationId: null },
            listPage: 1,
          },
        }),
      ),
    moved.iso,
  );
  await page.goto('/admin/initiatives/calendar');
  const bar = page.getByRole('link', { name: new RegExp(`${title}.*Aprovada|Aprovada.*${title}`) }).first();
  await expect(bar).toBeVisible();
  await expect(page.getByLabel('Organização', { exact: true })).toHaveCount(0);
  expect(await seriousViolations(page, undefined, { iframes: false }), 'calendar').toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/initiatives');
  await expect(page.getByText(title).first()).toBeVisible();
  expect(await seriousViolations(page, undefined, { iframes: false }), 'list at 375 px').toEqual([]);
  // The record page is not audited: axe stalls on the mails' sandboxed frames there (staff's too).
  await page.goto(recordPath);
  await expect(page.getByText('Esta iniciativa foi aprovada e não pode mais ser editada.')).toBeVisible();
});
