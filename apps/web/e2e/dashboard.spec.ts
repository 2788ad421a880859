import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openSignedIn } from './support/session.ts';

type Fragrance = { fragranceId: number | null; fragranceName: string; shotsTotalFragrance: number };
type Campaign = { campaignId: number; campaignName: string; fragrances: Fragrance[] };
type FragranceTotal = { fragranceId: number | null; fragranceName: string; shotsTotal: number };
type Site = {
  organizationId: number;
  organizationName: string;
  locationId: number | null;
  locationName: string | null;
  shots: number;
  activeDevices: number;
  offlineDevices: number;
  capsulesRunningOut: number;
};

/** One page of the sites table, as the server pages it. */
type SitesPage = { data: Site[]; total: number; totalPages: number };

const count = (value: number) => new Intl.NumberFormat('pt-BR').format(value);
const isCall = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === `/api/${path}` && response.request().method() === 'GET';

/** Opens the dashboard and hands back the three answers it was drawn from, as they came. */
async function openDashboard(page: Page) {
  const campaigns = page.waitForResponse(isCall('shots-campaign'));
  const fragrances = page.waitForResponse(isCall('shots-fragrance'));
  const sites = page.waitForResponse(isCall('dashboard/sites'));
  await openSignedIn(page);
  const asked = new URL((await campaigns).url()).searchParams;
  return {
    /** The period the charts were asked for: what a slice's link carries to its list. */
    period: {
      from: asked.get('from') ?? '',
      to: asked.get('to') ?? '',
      timeZone: asked.get('timeZone') ?? '',
    },
    campaigns: (await (await campaigns).json()) as Campaign[],
    fragrances: (await (await fragrances).json()) as FragranceTotal[],
    sites: ((await (await sites).json()) as SitesPage).data,
  };
}

/** A list's address as a dashboard link writes it: its own filter first, then the dashboard's. */
const listUrl = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

function section(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

function campaignCard(page: Page, name: string): Locator {
  return section(page, 'Disparos por campanha')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

/** The legend's rows as read (name, then "count · share"), and the colour of each swatch. */
async function legendOf(list: Locator) {
  return list.locator('.dashboard-legend-row').evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector('.dashboard-legend-name')?.textContent ?? '',
      figures: row.querySelector('.dashboard-legend-figures')?.textContent ?? '',
      color: getComputedStyle(row.querySelector('.dashboard-legend-swatch') as Element).backgroundColor,
    })),
  );
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

test.describe('the dashboard (/admin/home) on the demo data', () => {
  test('draws every campaign’s donut and the fragrance donut with the API’s figures, campaigns first', async ({
    page,
  }) => {
    const order: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/shots-fragrance') order.push('fragrance asked');
    });
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/api/shots-campaign') order.push('campaigns answered');
    });
    const { campaigns, fragrances } = await openDashboard(page);
    expect(order.slice(0, 2)).toEqual(['campaigns answered', 'fragrance asked']);
    expect(campaigns.length).toBeGreaterThan(1);
    expect(fragrances.length).toBeGreaterThan(1);

    const colours = new Map<string, string>();
    for (const campaign of campaigns) {
      const card = campaignCard(page, campaign.campaignName);
      await expect(card).toHaveCount(1);
      await expect(card.locator('path.dashboard-donut-slice')).toHaveCount(campaign.fragrances.length);
      const total = campaign.fragrances.reduce((sum, fragrance) => sum + fragrance.shotsTotalFragrance, 0);
      const legend = await legendOf(card);
      expect(legend.map((row) => row.name)).toEqual(campaign.fragrances.map((f) => f.fragranceName));
      campaign.fragrances.forEach((fragrance, index) => {
        expect(legend[index]?.figures).toMatch(new RegExp(`^${count(fragrance.shotsTotalFragrance)} · `));
      });
      expect(total).toBeGreaterThan(0);
      for (const row of legend) colours.set(`${campaign.campaignId}:${row.name}`, row.color);
    }

    const card = section(page, 'Disparos por fragrância');
    await expect(card.locator('path.dashboard-donut-slice')).toHaveCount(fragrances.length);
    const legend = await legendOf(card);
    expect(legend.map((row) => row.name)).toEqual(fragrances.map((f) => f.fragranceName));
    const total = fragrances.reduce((sum, fragrance) => sum + fragrance.shotsTotal, 0);
    fragrances.forEach((fragrance, index) => {
      const share = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(
        fragrance.shotsTotal / total,
      );
      expect(legend[index]?.figures).toBe(`${count(fragrance.shotsTotal)} · ${share}`);
    });

    // One colour per fragrance: the same in a campaign's donut as in the fragrance donut.
    const byName = new Map(legend.map((row) => [row.name, row.color]));
    let compared = 0;
    for (const campaign of campaigns) {
      for (const fragrance of campaign.fragrances) {
        const shared = fragrance.fragranceId !== null && byName.get(fragrance.fragranceName);
        if (!shared) continue;
        expect(colours.get(`${campaign.campaignId}:${fragrance.fragranceName}`)).toBe(shared);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);

    // The table alternative says the same.
    await card.getByText('Tabela', { exact: true }).click();
    const rows = card.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(fragrances.length);
    await expect(rows.first()).toContainText(fragrances[0]?.fragranceName ?? '');
    await expect(rows.first()).toContainText(count(fragrances[0]?.shotsTotal ?? 0));
  });

  test('refreshes a chart, and exports a real spreadsheet with the chart’s figures', async ({ page }) => {
    const { campaigns, fragrances } = await openDashboard(page);
    const campaignsSection = section(page, 'Disparos por campanha');

    const refreshed = page.waitForResponse(isCall('shots-campaign'));
    await campaignsSection.getByRole('button', { name: 'Atualizar' }).click();
    expect(await (await refreshed).json()).toEqual(campaigns);

    const campaignDownload = page.waitForEvent('download');
    await campaignsSection.getByRole('button', { name: 'Exportar Excel' }).click();
    const campaignFile = await campaignDownload;
    expect(campaignFile.suggestedFilename()).toMatch(/\.xlsx$/);
    const campaignRows = await workbookRows(await campaignFile.path());
    const [header, ...data] = campaignRows;
    expect(header).toEqual(['Campanha', 'Fragrância', 'Disparos']);
    // Never limited: every fragrance of a campaign, whose sum is the donut's (its "others" included).
    for (const campaign of campaigns) {
      const sheetTotal = data
        .filter((row) => row[0] === campaign.campaignName)
        .reduce((sum, row) => sum + Number(row[2]), 0);
      const chartTotal = campaign.fragrances.reduce(
        (sum, fragrance) => sum + fragrance.shotsTotalFragrance,
        0,
      );
      expect(sheetTotal, campaign.campaignName).toBe(chartTotal);
    }

    const fragrancesSection = section(page, 'Disparos por fragrância');
    const fragranceDownload = page.waitForEvent('download');
    await fragrancesSection.getByRole('button', { name: 'Exportar Excel' }).click();
    const [fragranceHeader, ...fragranceRows] = await workbookRows(await (await fragranceDownload).path());
    expect(fragranceHeader).toEqual(['Fragrância', 'Disparos']);
    const sheet = new Map(fragranceRows.map((row) => [row[0], Number(row[1])]));
    for (const fragrance of fragrances.filter((f) => f.fragranceId !== null)) {
      expect(sheet.get(fragrance.fragranceName), fragrance.fragranceName).toBe(fragrance.shotsTotal);
    }
    const sheetTotal = [...sheet.values()].reduce((sum, shots) => sum + shots, 0);
    expect(sheetTotal).toBe(fragrances.reduce((sum, fragrance) => sum + fragrance.shotsTotal, 0));
  });

  test('compares the sites, sorted by the server, per organisation and per location', async ({ page }) => {
    const { sites, period } = await openDashboard(page);
    const sitesSection = section(page, 'Comparativo de locais');
    const rows = sitesSection.locator('.ant-table-tbody tr.ant-table-row');
    expect(sites.length).toBeGreaterThan(1);
    await expect(rows).toHaveCount(Math.min(sites.length, 20));
    const first = sites[0] as Site;
    await expect(rows.first()).toContainText(first.organizationName);
    await expect(rows.first()).toContainText(count(first.shots));

    // Over the whole fleet the name and the shots sort; the device and capsule columns do not.
    const sorter = /ant-table-column-has-sorters/;
    await expect(sitesSection.getByRole('columnheader', { name: /Disparos/ })).toHaveClass(sorter);
    await expect(sitesSection.getByRole('columnheader', { name: /Dispositivos offline/ })).not.toHaveClass(
      sorter,
    );
    const sorted = page.waitForResponse(
      (response) => isCall('dashboard/sites')(response) && response.url().includes('sort=name'),
    );
    await sitesSection.getByRole('columnheader', { name: /Organização/ }).click();
    const bySort = ((await (await sorted).json()) as SitesPage).data;
    expect(new URL((await sorted).url()).searchParams.get('order')).toBe('asc');
    await expect(rows.first()).toContainText(bySort[0]?.organizationName ?? '');

    const perLocation = page.waitForResponse(
      (response) => isCall('dashboard/sites')(response) && response.url().includes('groupBy=location'),
    );
    await sitesSection.getByText('Por local', { exact: true }).click();
    const locationsPage = (await (await perLocation).json()) as SitesPage;
    const locations = locationsPage.data;
    const location = locations[0] as Site;
    expect(location.locationId).not.toBeNull();
    const link = rows.first().getByRole('link', { name: location.locationName ?? '' });
    await expect(link).toBeVisible();

    // The export holds every site, the page's first.
    const exporting = page.waitForEvent('download');
    await sitesSection.getByRole('button', { name: 'Exportar Excel' }).click();
    const [header, ...sheet] = await workbookRows(await (await exporting).path());
    expect(header?.slice(0, 3)).toEqual(['Organização', 'Local', 'Disparos']);
    expect(sheet).toHaveLength(locationsPage.total);
    expect(sheet.slice(0, locations.length).map((row) => row[1])).toEqual(
      locations.map((site) => site.locationName),
    );

    // A row opens the location's devices.
    await link.click();
    await expect(page).toHaveURL(
      listUrl('/admin/devices', { locationId: String(location.locationId), ...period }),
    );
    await expect(page.getByLabel('Filtrar por local')).toBeVisible();
    await expect(
      page.locator('.device-filter').filter({ hasText: location.locationName ?? '' }),
    ).toBeVisible();
  });

  test('a slice opens the fragrance’s capsules, and a campaign’s link the devices playing it', async ({
    page,
  }) => {
    const { campaigns, fragrances, period } = await openDashboard(page);
    const days = { from: period.from, to: period.to };
    const top = fragrances[0] as FragranceTotal;
    expect(top.fragranceId).not.toBeNull();
    await section(page, 'Disparos por fragrância').locator('path.dashboard-donut-slice').first().click();
    // Capsules are counted per UTC day: the link carries the days, not the zone.
    await expect(page).toHaveURL(
      listUrl('/admin/capsules', { fragranceId: String(top.fragranceId), ...days }),
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Shots no período' })).toBeVisible();

    // By keyboard, at 375 px: a legend row is a link.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goBack();
    const second = fragrances[1] as FragranceTotal;
    const row = section(page, 'Disparos por fragrância').getByRole('link', {
      name: new RegExp(second.fragranceName),
    });
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      listUrl('/admin/capsules', { fragranceId: String(second.fragranceId), ...days }),
    );

    await page.goBack();
    const campaign = campaigns[0] as Campaign;
    await campaignCard(page, campaign.campaignName)
      .getByRole('link', { name: `Dispositivos da campanha ${campaign.campaignName}` })
      .click();
    await expect(page).toHaveURL(
      listUrl('/admin/devices', { campaignId: String(campaign.campaignId), ...period }),
    );
    await expect(page.locator('.device-filter').filter({ hasText: campaign.campaignName })).toBeVisible();
    // The period as a chip, and each device's shots in it on its card (375 px).
    await expect(page.locator('.list-filter-chip')).toContainText(period.timeZone);
    await expect(page.locator('.list-shots-in-period').first()).toContainText('shots no período');
  });

  test('says so when the dashboard data cannot be loaded or exported, and recovers on retry', async ({
    page,
  }) => {
    let isFailing = true;
    await page.route(/\/api\/shots-campaign\?/, (route) =>
      isFailing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await openSignedIn(page);
    const campaigns = section(page, 'Disparos por campanha');
    // A 5xx is tried three times (the query client's retries) before the failure shows.
    await expect(
      campaigns.getByText('Ocorreu algum problema ao carregar os dados do dashboard.'),
    ).toBeVisible({
      timeout: 20_000,
    });
    // The fragrances still come once the campaigns' turn is over.
    await expect(
      section(page, 'Disparos por fragrância').locator('path.dashboard-donut-slice').first(),
    ).toBeVisible();

    isFailing = false;
    await campaigns.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(campaigns.locator('path.dashboard-donut-slice').first()).toBeVisible();
    await expect(
      campaigns.getByText('Ocorreu algum problema ao carregar os dados do dashboard.'),
    ).toHaveCount(0);

    await page.route(/\/api\/export-shot-fragrance\?/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await section(page, 'Disparos por fragrância').getByRole('button', { name: 'Exportar Excel' }).click();
    await expect(
      page.getByRole('dialog').getByText('Ocorreu algum problema ao exportar arquivo'),
    ).toBeVisible();
  });

  test('remembers the period and the time zone after a reload', async ({ page }) => {
    await openDashboard(page);
    const week = page.waitForResponse((response) => isCall('shots-campaign')(response));
    await page.getByLabel('Período', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText('Últimos 7 dias')
      .click();
    const asked = new URL((await week).url()).searchParams;
    const from = asked.get('from') ?? '';
    const to = asked.get('to') ?? '';
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);

    const again = page.waitForResponse(isCall('shots-campaign'));
    await page.reload();
    const reloaded = new URL((await again).url()).searchParams;
    expect([reloaded.get('from'), reloaded.get('to'), reloaded.get('timeZone')]).toEqual([
      from,
      to,
      asked.get('timeZone'),
    ]);
    await expect(page.locator('.dashboard-filter-period')).toContainText('Últimos 7 dias');

    // A reversed custom period is refused with the shared rule's message and never asked for.
    await page.getByLabel('Período', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText('Personalizado')
      .click();
    await page.getByLabel('De', { exact: true }).fill(to);
    await page.getByLabel('Até', { exact: true }).fill(from);
    await expect(
      page.getByRole('alert').filter({ hasText: 'A data final vem antes da inicial' }),
    ).toBeVisible();
  });
});
