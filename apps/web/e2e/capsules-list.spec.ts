import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tableRow } from './support/antd.ts';
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
  const [fragrance] = ((await fragrances.json()) as { data: { fragranceId: number }[] }).data;
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
  return device;
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
  const serial = uniqueName('CAP')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  const capsules: Capsule[] = [
    { slot: 1, serialNumber: `${serial}-A`, remainingShots: 2_500, dueDate: dayFromToday(-3) },
    { slot: 2, serialNumber: `${serial}-B`, remainingShots: 120, dueDate: dayFromToday(3) },
    { slot: 3, serialNumber: `${serial}-C`, remainingShots: 4_900, dueDate: dayFromToday(90) },
  ];
  const device = await deviceReporting(request, capsules);

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
  await expect(low).toContainText('Em um dispositivo');

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
