import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { uniqueEmail } from './support/accounts.ts';
import { openSignedIn } from './support/session.ts';
import { createUserThroughApi } from './support/users.ts';

const CARD_TITLE = 'Dados pessoais (LGPD)';
const ANONYMISE = 'Anonimizar conta…';

function personalDataCard(page: Page) {
  return page.locator('.personal-data-card');
}

async function openEditPage(page: Page, id: number) {
  await page.goto(`/admin/users/${id}/update`);
  await expect(page.getByRole('heading', { name: CARD_TITLE })).toBeVisible();
}

/** Every text cell of every sheet of the workbook, to find a value wherever the export put it. */
async function cellsOf(path: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.text ?? ''));
      });
    });
  }
  return cells;
}

test.describe("a person's data on request (LGPD art. 18)", () => {
  test('an admin downloads everything held about a user, as JSON and as a spreadsheet', async ({
    page,
    request,
  }) => {
    const user = await createUserThroughApi(request, {
      nome: 'Titular Exportado',
      email: uniqueEmail('titular-exportado'),
    });
    await openSignedIn(page);
    await openEditPage(page, user.id);
    const card = personalDataCard(page);

    const jsonDownloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Baixar dados (JSON)' }).click();
    const json = await jsonDownloading;
    expect(json.suggestedFilename()).toMatch(
      new RegExp(`^dados-pessoais-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(await readFile(await json.path(), 'utf8')) as {
      account: { id: number; nome: string; email: string };
    };
    expect(data.account).toMatchObject({ id: user.id, nome: user.nome, email: user.email });

    const sheetDownloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Baixar dados (planilha)' }).click();
    const sheet = await sheetDownloading;
    expect(sheet.suggestedFilename()).toMatch(
      new RegExp(`^dados-pessoais-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const cells = await cellsOf(await sheet.path());
    expect(cells).toContain(user.nome);
    expect(cells).toContain(user.email);
  });

  test('an admin anonymises a user after a confirmation that says it cannot be undone', async ({
    page,
    request,
  }) => {
    const user = await createUserThroughApi(request, {
      nome: 'Titular Anonimizado',
      email: uniqueEmail('titular-anonimizado'),
    });
    await openSignedIn(page);
    await openEditPage(page, user.id);

    // Cancelling changes nothing.
    await personalDataCard(page).getByRole('button', { name: ANONYMISE }).click();
    let dialog = page.getByRole('dialog').filter({ hasText: 'Anonimizar a conta de Titular Anonimizado?' });
    await expect(dialog).toContainText('Esta ação não pode ser desfeita.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(user.nome);

    await personalDataCard(page).getByRole('button', { name: ANONYMISE }).click();
    dialog = page.getByRole('dialog').filter({ hasText: 'Anonimizar a conta de Titular Anonimizado?' });
    await dialog.getByRole('button', { name: 'Anonimizar', exact: true }).click();
    await expect(page.getByText('Conta anonimizada', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/admin/users');

    // The record now holds no trace of the person, is no longer a form, and offers no second erasure
    // (the API refuses one with ALREADY_ANONYMISED: modules/privacy/anonymise.test.ts).
    await openEditPage(page, user.id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Conta anonimizada #${user.id}`);
    await expect(page.getByLabel('Nome', { exact: true })).toHaveCount(0);
    await expect(page.getByText(user.nome)).toHaveCount(0);
    await expect(personalDataCard(page).getByRole('button', { name: 'Baixar dados (JSON)' })).toBeVisible();
    await expect(personalDataCard(page).getByRole('button', { name: ANONYMISE })).toHaveCount(0);
  });

  test('an admin can download their own data but is not offered to anonymise themselves', async ({
    page,
  }) => {
    await openSignedIn(page);
    const ownId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('auth') ?? 'null') as { user: { id: number } }).user.id,
    );
    await openEditPage(page, ownId);
    await expect(personalDataCard(page).getByRole('button', { name: 'Baixar dados (JSON)' })).toBeVisible();
    await expect(personalDataCard(page).getByRole('button', { name: ANONYMISE })).toHaveCount(0);
  });
});

test.describe('privacy page', () => {
  test('states the retention periods the server is configured with, in the policy and in English', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/public-config')).json()) as {
      retention: { personalDataDays: number; accessLogDays: number; auditDays: number };
    };
    const { personalDataDays, accessLogDays, auditDays } = config.retention;
    await page.goto('/privacy-policy');
    const policy = page.locator('article');
    const period = (kind: string) => policy.locator(`[data-kind="${kind}"] dd`);
    await expect(period('personalDataDays')).toContainText(
      `${personalDataDays.toLocaleString('pt-BR')} dias`,
    );
    await expect(period('accessLogDays')).toContainText(`${accessLogDays.toLocaleString('pt-BR')} dias`);
    await expect(period('accessLogDays')).toContainText('no mínimo 6 meses');
    await expect(period('auditDays')).toContainText(`${auditDays.toLocaleString('pt-BR')} dias`);
    // The server's defaults, as a person would say them.
    if (personalDataDays === 1826) await expect(period('personalDataDays')).toContainText('5 anos');

    await page.locator('.lang-switch label').filter({ hasText: 'EN' }).click();
    const summary = page.getByRole('region', { name: 'Retention periods' });
    await expect(summary.locator('[data-kind="personalDataDays"] dd')).toContainText(
      `${personalDataDays.toLocaleString('en-US')} days`,
    );
    await expect(summary.locator('[data-kind="auditDays"] dd')).toContainText(
      `${auditDays.toLocaleString('en-US')} days`,
    );
    // The policy itself stays in Portuguese, with the same periods.
    await expect(period('personalDataDays')).toContainText(
      `${personalDataDays.toLocaleString('pt-BR')} dias`,
    );
  });
});
