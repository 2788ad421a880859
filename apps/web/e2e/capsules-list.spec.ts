import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { rowDetails, tableRow } from './support/antd.ts';
import { seriousViolations } from './support/axe.ts';
import { bearer, createCampaign } from './support/campaigns.ts';
import { uniqueName } from './support/catalog.ts';
import { createDeviceThroughApi, shownMac } from './support/devices.ts';
import { createLocationThroughApi, createOrganizationThroughApi } from './support/organizations.ts';
import { openSignedIn } from './support/session.ts';

const DAY_MS = 86_400_000;
const SIZE = 5_000;

/** `YYYY-MM-DD`, `days` from today in the browser's (and this runner's) time zone. */
function dayFromToday(days: number): string {
  const at = new Date(Date.now() + days * DAY_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The key the server generated into its data folder (no DEVICE_PROVISIONING_KEY in the e2e run). */
function provisioningKey(): string {
  const directory = process.env.SCENTIA_E2E_DATA_DIR;
  if (!directory)
    throw new Error('SCENTIA_E2E_DATA_DIR is unset: run the journeys through playwright.config.ts');
  return readFileSync(join(directory, 'device-provisioning-key'), 'utf8').trim();
}

type Capsule = { slot: number; serialNumber: string; remainingShots: number; dueDate: string };

/**
 * A device of its own, registered by the admin, provisioned with the provisioning key and reporting
 * `capsules` in a heartbeat, as a diffuser does: capsules exist only once a device reports them.
 */
async function deviceReporting(request: APIRequestContext, capsules: Capsule[]) {
  const organization = await createOrganizationThroughApi(request, uniqueName('Rede Cápsulas'));
  const location = await createLocationThroughApi(request, organization.organizationId, uniqueName('Loja'));
  const campaign = await createCampaign(request, uniqueName('Campanha Cápsulas'));
  const device = await createDeviceThroughApi(request, {
    locationId: location.locationId,
    campaignId: campaign.campaignId,
  });
  const fragrances = await request.get('/api/fragrances', {
    headers: await bearer(request),
    params: { isActive: 'true', perPage: 10 },
  });
  const [fragrance] = ((await fragrances.json()) as { data: { fragranceId: number; name: string }[] }).data;
  if (!fragrance) throw new Error('the demo data has no active fragrance');

  const provisioned = await request.post('/api/device/provision', {
    data: { macAddress: device.macAddress, provisioningKey: provisioningKey() },
  });
  expect(provisioned.status()).toBe(201);
  const { credential } = (await provisioned.json()) as { credential: string };
  const heartbeat = await request.post('/api/device/heartbeat', {
    headers: { Authorization: `Bearer ${credential}` },
    data: {
      firmwareVersion: '1.0.0',
      capsules: capsules.map((capsule) => ({
        ...capsule,
        fragranceId: fragrance.fragranceId,
        sizeShots: SIZE,
      })),
    },
  });
  expect(heartbeat.status()).toBe(200);
  return { device, fragrance };
}

/** The remaining shots of each row, top to bottom, read from the cells ("2.500 / 5.000 (50%)"). */
async function remainingColumn(page: Page): Promise<number[]> {
  const cells = await page.locator('.ant-table-tbody tr.ant-table-row .capsule-level-text').allTextContents();
  return cells.map((text) => Number(text.split('/')[0]?.replace(/\D/g, '')));
}

async function sortByRemaining(page: Page, direction: 'asc' | 'desc') {
  const sorted = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/capsules' &&
      url.searchParams.get('orderBy') === 'RemainingShots' &&
      url.searchParams.get('orderByDirection') === direction
    );
  });
  await page.getByRole('columnheader', { name: /Disparos restantes/ }).click();
  expect((await sorted).status()).toBe(200);
}

test('a device’s capsules are listed read-only, sorted by remaining shots both ways, with due dates flagged', async ({
  page,
  request,
}) => {
  // A device's set-up through the API, two sorts and an audit: 44 s of the default 45 on a busy machine.
  test.slow();
  const serial = uniqueName('CAP')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  const capsules: Capsule[] = [
    { slot: 1, serialNumber: `${serial}-A`, remainingShots: 2_500, dueDate: dayFromToday(-3) },
    { slot: 2, serialNumber: `${serial}-B`, remainingShots: 120, dueDate: dayFromToday(3) },
    { slot: 3, serialNumber: `${serial}-C`, remainingShots: 4_900, dueDate: dayFromToday(90) },
  ];
  const { device } = await deviceReporting(request, capsules);

  await openSignedIn(page);
  await page.goto(`/admin/capsules?deviceId=${device.deviceId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cápsulas');
  await expect(page.locator('.list-toolbar')).toContainText(`Dispositivo ${shownMac(device.macAddress)}`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  // Read-only: no add button and no row commands.
  await expect(page.getByRole('button', { name: /Nova cápsula/ })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);

  await sortByRemaining(page, 'asc');
  await expect.poll(() => remainingColumn(page)).toEqual([120, 2_500, 4_900]);
  await sortByRemaining(page, 'desc');
  await expect.poll(() => remainingColumn(page)).toEqual([4_900, 2_500, 120]);

  // The level against the size, the device linked with its slot.
  const low = tableRow(page, `${serial}-B`);
  await expect(low).toContainText('120 / 5.000 (2%)');
  await expect(low.getByRole('link', { name: shownMac(device.macAddress) })).toHaveAttribute(
    'href',
    `/admin/devices/${device.deviceId}/update`,
  );
  await expect(low).toContainText('Slot 2');
  // The capsule's status is among the columns a 1280 px window folds into the row.
  await expect(await rowDetails(low)).toContainText('Em um dispositivo');

  // Due dates past or within the week carry an icon and a word; a later one does not.
  await expect(tableRow(page, `${serial}-A`).locator('.capsule-due')).toContainText('Vencida');
  await expect(low.locator('.capsule-due')).toContainText('Vence em breve');
  await expect(tableRow(page, `${serial}-C`).locator('.capsule-due')).toHaveCount(0);
  await expect(tableRow(page, `${serial}-C`)).not.toContainText('Vence');

  expect(await seriousViolations(page)).toEqual([]);

  // The device filter is cleared from the toolbar: the list widens to every device's capsules.
  await page.getByRole('button', { name: /Mostrar as cápsulas de todos os dispositivos/ }).click();
  await expect(page).toHaveURL('/admin/capsules');
  await expect(page.locator('.list-toolbar')).not.toContainText(`Dispositivo ${shownMac(device.macAddress)}`);
});

test('the list opened with ?fragranceId= (a dashboard link) shows that fragrance’s capsules, the filter visible and clearable', async ({
  page,
  request,
}) => {
  // Two pages and a device's set-up through the API: more than the default time on a busy machine.
  test.slow();
  const serial = uniqueName('FRG')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  const { device, fragrance } = await deviceReporting(request, [
    { slot: 1, serialNumber: `${serial}-E`, remainingShots: 0, dueDate: dayFromToday(60) },
    { slot: 2, serialNumber: `${serial}-F`, remainingShots: 3_000, dueDate: dayFromToday(60) },
  ]);

  await openSignedIn(page);
  const filtered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/capsules' &&
      url.searchParams.get('fragranceId') === String(fragrance.fragranceId)
    );
  });
  await page.goto(`/admin/capsules?fragranceId=${fragrance.fragranceId}`);
  expect((await filtered).status()).toBe(200);
  // The filter shows the fragrance by name, and every row is of it.
  await expect(page.locator('.list-toolbar .capsule-filter')).toContainText(fragrance.name);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).not.toHaveCount(0);
  // The fragrance is the third cell, after the row's expand button and the serial number.
  for (const name of await rows.locator('td:nth-child(3)').allTextContents())
    expect(name).toBe(fragrance.name);

  // The forecast column: the empty capsule says so; one without counted shots has no forecast.
  await page.getByRole('searchbox', { name: /Buscar por número de série/ }).fill(serial);
  await expect(rows).toHaveCount(2);
  await expect(tableRow(page, `${serial}-E`).locator('.capsule-run-out.is-soon')).toHaveText(/Vazia/);
  await expect(tableRow(page, `${serial}-F`).locator('.capsule-run-out')).toHaveText('Sem previsão');

  // Cleared from the toolbar: the address and the list lose the filter.
  const unfiltered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/capsules' && !url.searchParams.has('fragranceId');
  });
  await page.locator('.list-toolbar .capsule-filter').hover();
  await page.locator('.list-toolbar .capsule-filter .ant-select-clear').click();
  expect((await unfiltered).status()).toBe(200);
  await expect(page).toHaveURL('/admin/capsules');
  await expect(page.locator('.list-toolbar .capsule-filter')).not.toContainText(fragrance.name);

  // The device's page says the same per slot.
  await page.goto(`/admin/devices/${device.deviceId}/update`);
  const card = page.getByRole('region', { name: 'Cápsulas por slot' });
  await expect(card.getByRole('columnheader', { name: 'Previsão de fim' })).toBeVisible();
  await expect(card.locator('tr', { hasText: `${serial}-E` }).locator('.capsule-run-out')).toHaveText(
    /Vazia/,
  );
  await expect(card.locator('tr', { hasText: `${serial}-F` }).locator('.capsule-run-out')).toHaveText(
    'Sem previsão',
  );
});
