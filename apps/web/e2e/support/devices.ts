import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { tableRow } from './antd.ts';
import { bearer } from './campaigns.ts';

export type DeviceListRow = {
  deviceId: number;
  macAddress: string;
  user: { id: number; nome: string } | null;
  isProvisioned: boolean;
  location: { locationId: number; name: string };
  campaign: { campaignId: number; name: string };
};

/** `AABBCCDDEEFF` as the list shows it. */
export const shownMac = (mac: string) => mac.match(/.{2}/g)?.join(':') ?? mac;

/**
 * A MAC address no other journey uses: locally administered and unicast (first octet 0x02), the
 * rest random.
 */
export function uniqueMac(): string {
  const octets = Array.from({ length: 5 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0')
      .toUpperCase(),
  );
  return ['02', ...octets].join('');
}

/** The active devices of the demo fleet (and of other journeys), by MAC address. */
export async function activeDevices(request: APIRequestContext): Promise<DeviceListRow[]> {
  const response = await request.get('/api/devices', {
    headers: await bearer(request),
    params: { isActive: 'true', perPage: 50, orderBy: 'MacAddress', orderByDirection: 'asc' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: DeviceListRow[] }).data;
}

/** Registers a device through the API, as the admin. */
export async function createDeviceThroughApi(
  request: APIRequestContext,
  values: { locationId: number; campaignId: number },
): Promise<DeviceListRow> {
  const response = await request.post('/api/devices', {
    headers: await bearer(request),
    data: { macAddress: uniqueMac(), ...values },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as DeviceListRow;
}

/** The devices list in Portuguese, searched down to the MAC address `mac`; answers its row. */
export async function openDevicesList(page: Page, mac: string): Promise<Locator> {
  await page.goto('/admin/devices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dispositivos');
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('search') === mac,
  );
  await page
    .getByRole('searchbox', { name: 'Buscar por MAC, campanha, usuário, organização ou local' })
    .fill(mac);
  await searched;
  const row = tableRow(page, shownMac(mac));
  await expect(row).toBeVisible();
  return row;
}
