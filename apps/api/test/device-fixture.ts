import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';

/**
 * Devices for the device API's tests, written straight into the database (the back-office's device
 * routes are tested on their own): an organisation, its locations, a campaign whose collection holds
 * fragrances, and registered devices, provisioned through the real route.
 */
export async function createDeviceFixture(
  ctx: TestContext,
  options: { locations?: number; fragrances?: number } = {},
) {
  let sequence = 0;
  const next = () => {
    sequence += 1;
    return `${Date.now().toString(36)}${sequence}`;
  };
  const one = async <T>(statement: ReturnType<typeof sql>) => {
    const [row] = await ctx.query<T>(statement);
    if (!row) throw new Error('The fixture insert answered nothing');
    return row;
  };
  const [{ key }] = (await ctx.query<{ key: string }>(
    sql`select value as key from settings where key = 'device_provisioning_key'`,
  )) as [{ key: string }];

  const organization = await one<{ id: number }>(sql`
    insert into organizations (name, legal_name, cnpj, contact_name, contact_email, phone)
    values (${`Rede ${next()}`}, 'Rede Ltda', ${String(80000000000000 + Math.floor(Math.random() * 1e9))},
      'Renata Souza', 'renata@rede.test', '11987654321') returning id`);
  const locationIds: number[] = [];
  for (let index = 0; index < (options.locations ?? 1); index += 1) {
    const location = await one<{ id: number }>(sql`
      insert into locations (organization_id, name) values (${organization.id}, ${`Loja ${next()}`}) returning id`);
    locationIds.push(location.id);
  }
  const category = await one<{ id: number }>(
    sql`insert into categories (name) values (${`Cítricos ${next()}`}) returning id`,
  );
  const fragranceIds: number[] = [];
  for (let index = 0; index < (options.fragrances ?? 3); index += 1) {
    const fragrance = await one<{ id: number }>(sql`
      insert into fragrances (name, olfactory_way, category_id) values (${`Bergamota ${next()}`}, 'Cítrico', ${category.id})
      returning id`);
    fragranceIds.push(fragrance.id);
  }
  const campaign = await one<{ id: number }>(
    sql`insert into campaigns (name) values (${`Verão ${next()}`}) returning id`,
  );
  for (const [index, fragranceId] of fragranceIds.entries()) {
    await ctx.query(
      sql`insert into campaign_slots (campaign_id, slot, fragrance_id) values (${campaign.id}, ${index + 1}, ${fragranceId})`,
    );
  }

  let macs = 0;
  /** A registered device; `provision` also gives it its credential and secret through the API. */
  async function createDevice(options: { locationId?: number; isProvisioned?: boolean } = {}) {
    macs += 1;
    const macAddress =
      `02${(Date.now() % 0xffffff).toString(16).padStart(6, '0')}${macs.toString(16).padStart(4, '0')}`.toUpperCase();
    const device = await one<{ id: number }>(sql`
      insert into devices (mac_address, location_id, organization_id, campaign_id)
      values (${macAddress}, ${options.locationId ?? locationIds[0]}, ${organization.id}, ${campaign.id}) returning id`);
    if (options.isProvisioned === false) return { id: device.id, macAddress, credential: '', secret: '' };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/provision',
      payload: { macAddress, provisioningKey: key },
    });
    if (response.statusCode !== 201) throw new Error(`provisioning failed: ${response.body}`);
    const answer = response.json() as { credential: string; secret: string };
    return { id: device.id, macAddress, credential: answer.credential, secret: answer.secret };
  }

  /** A call of the device API with a device's credential. */
  function call(
    credential: string,
    request: { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> },
  ) {
    return ctx.app.inject({
      ...request,
      payload: request.payload as never,
      headers: { authorization: `Bearer ${credential}`, ...request.headers },
    });
  }

  return {
    provisioningKey: key,
    organizationId: organization.id,
    locationIds,
    fragranceIds,
    campaignId: campaign.id,
    createDevice,
    call,
    /** Credits every batch acknowledged so far (the server's fold, migration 0050). */
    foldShots: () => ctx.foldShots(),
  };
}

export type DeviceFixture = Awaited<ReturnType<typeof createDeviceFixture>>;

export type Shot = { at: string; slot: number; count: number };

/**
 * A provisioned device of the fixture with full capsules in slots 1..n (one per fragrance), their serials
 * `<serialPrefix>-<device>-<slot>`; `send` posts a batch (`again` replays an earlier sequence) and folds it.
 */
export async function deviceWithCapsules(fixture: DeviceFixture, serialPrefix: string, locationIndex = 0) {
  const device = await fixture.createDevice({ locationId: fixture.locationIds[locationIndex] });
  const heartbeat = await fixture.call(device.credential, {
    method: 'POST',
    url: '/api/device/heartbeat',
    payload: {
      firmwareVersion: '1.0',
      capsules: fixture.fragranceIds.map((fragranceId, index) => ({
        slot: index + 1,
        serialNumber: `${serialPrefix}-${device.id}-${index + 1}`,
        fragranceId,
        sizeShots: 100_000,
        remainingShots: 100_000,
      })),
    },
  });
  expect(heartbeat.statusCode, heartbeat.body).toBe(200);
  let sequence = 0;
  const send = async (shots: Shot[], again?: number) => {
    if (again === undefined) sequence += 1;
    const response = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: again ?? sequence, shots },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Credited to the shots, levels and counts the way the server's fold does (migration 0050).
    await fixture.foldShots();
    return response.json() as { sequence: number; isNew: boolean };
  };
  return { ...device, send };
}
