import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { seriousViolations } from './support/axe.ts';
import { openSignedIn } from './support/session.ts';

type ChartItem = { status: string; totalIniciativas: number };

const isCall = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === `/api/${path}` && response.request().method() === 'GET';

function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

async function workbookRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

/** A zip's entries, read from its central directory (stored or deflated), without a zip library. */
function zipEntries(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localHeader = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart =
      localHeader + 30 + bytes.readUInt16LE(localHeader + 26) + bytes.readUInt16LE(localHeader + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const STATUS_NAMES = ['Em Análise', 'Aprovada', 'Necessita Alteração', 'Reprovada', 'Inativo'];

test.describe('the dashboard’s initiatives and visual identity (/admin/home)', () => {
  test('the pie shows the demo initiatives by status, in a legend and as a table', async ({ page }) => {
    const answer = page.waitForResponse(isCall('dashboard/chart-iniciativa'));
    await openSignedIn(page);
    const chart = (await (await answer).json()) as ChartItem[];
    const counts = new Map(chart.map((item) => [item.status, item.totalIniciativas]));
    // The demo's season: an initiative of every status within the default 30 days.
    for (const name of STATUS_NAMES) expect(counts.get(name), name).toBeGreaterThan(0);
    const total = chart.reduce((sum, item) => sum + item.totalIniciativas, 0);

    const pie = section(page, 'Iniciativas por status');
    const legend = pie.getByRole('list', { name: 'Iniciativas por status no período' });
    await expect(legend.getByRole('listitem')).toHaveCount(5);
    for (const name of STATUS_NAMES) {
      const count = counts.get(name) ?? 0;
      await expect(legend.getByRole('listitem').filter({ hasText: name })).toContainText(
        new RegExp(`${name}${count} · `),
      );
    }
    // One slice per status with initiatives, in the spec's colours.
    await expect(pie.locator('path.dashboard-donut-slice')).toHaveCount(
      chart.filter((item) => item.totalIniciativas > 0).length,
    );
    await expect(pie.locator('.dashboard-donut-total')).toHaveText(String(total));

    await pie.getByText('Tabela', { exact: true }).click();
    const table = pie.getByRole('table');
    for (const name of STATUS_NAMES) {
      await expect(table.getByRole('row').filter({ hasText: name })).toContainText(
        String(counts.get(name) ?? 0),
      );
    }
    expect(await seriousViolations(page, '.dashboard-page')).toEqual([]);
  });

  test('the pie’s export downloads a spreadsheet of the initiatives it counts', async ({ page }) => {
    const answer = page.waitForResponse(isCall('dashboard/chart-iniciativa'));
    await openSignedIn(page);
    const chart = (await (await answer).json()) as ChartItem[];
    const counts = new Map(chart.map((item) => [item.status, item.totalIniciativas]));
    const total = chart.reduce((sum, item) => sum + item.totalIniciativas, 0);
    expect(total).toBeGreaterThan(0);
    const pie = section(page, 'Iniciativas por status');
    const download = page.waitForEvent('download');
    await pie.getByRole('button', { name: 'Exportar Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const [header, ...rows] = await workbookRows(await file.path());
    const statusColumn = header?.indexOf('Situação') ?? -1;
    expect(statusColumn).toBeGreaterThan(0);
    expect(rows).toHaveLength(total);
    for (const name of STATUS_NAMES) {
      expect(rows.filter((row) => row[statusColumn] === name).length, name).toBe(counts.get(name) ?? 0);
    }
  });

  test('downloads the visual identity as a zip of the identity text and the logos', async ({ page }) => {
    const answer = page.waitForResponse(isCall('brand-kit'));
    await openSignedIn(page);
    const kit = (await (await answer).json()) as { identityText: string; files: { name: string }[] };
    const identity = section(page, 'Identidade visual');
    await expect(identity.getByRole('heading', { name: 'Scentia — identidade visual' })).toBeVisible();
    await expect(identity.getByText('scentia-logo.svg', { exact: true }).first()).toBeVisible();

    const download = page.waitForEvent('download');
    await identity.getByRole('button', { name: 'Baixar a identidade visual' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.zip$/);
    const entries = zipEntries(readFileSync(await file.path()));
    const names = [...entries.keys()];
    for (const logo of kit.files) expect(names).toContain(logo.name);
    const text = names.find((name) => name.endsWith('.md'));
    expect(text).toBeDefined();
    expect(
      entries
        .get(text ?? '')
        ?.toString('utf8')
        .trim(),
    ).toBe(kit.identityText.trim());
    // The logos are real images: an SVG document and a PNG signature.
    expect(entries.get('scentia-logo.svg')?.toString('utf8')).toContain('<svg');
    expect(entries.get('scentia-symbol.png')?.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('says the content service is down with the server’s message, and recovers on retry', async ({
    page,
  }) => {
    const message =
      'O serviço de conteúdo da identidade visual está indisponível no momento. Tente novamente em instantes.';
    let isDown = true;
    // The API's own 503 body (CONTENT_UNAVAILABLE), as it answers when the service is down and no copy is held.
    await page.route(/\/api\/brand-kit$/, (route) =>
      isDown
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 503, code: 'CONTENT_UNAVAILABLE', message }),
          })
        : route.fallback(),
    );
    await openSignedIn(page);
    const identity = section(page, 'Identidade visual');
    await expect(identity.getByText(message)).toBeVisible({ timeout: 20_000 });
    await expect(identity.getByRole('button', { name: 'Baixar a identidade visual' })).toBeDisabled();
    isDown = false;
    await identity.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(identity.getByRole('heading', { name: 'Scentia — identidade visual' })).toBeVisible();
    await expect(identity.getByText(message)).toHaveCount(0);
  });
});
