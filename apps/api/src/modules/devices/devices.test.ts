import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceGround,
  insertCapsule,
  insertDevice,
  markSeen,
  provisionDirectly,
  recordBatch,
  testMacAddress,
} from '../../../test/device-fixtures.ts';
import { expectStaleSaveRefused } from '../../../test/resource-tests.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createDeviceSecretBox, type DeviceSecretBox } from '../../lib/device-secrets.ts';
import { oneTimeCodeAt } from '../../lib/one-time-codes.ts';

const SECRET_KEY = 'a-device-secret-key-for-the-tests-only-0123456789';

let ctx: TestContext;
let token = '';
let box: DeviceSecretBox;

beforeAll(async () => {
  ctx = await createTestApp({ DEVICE_SECRET_KEY: SECRET_KEY, DEVICE_OFFLINE_AFTER_MINUTES: '15' });
  box = await createDeviceSecretBox({ configuredKey: SECRET_KEY, dataDir: '' });
  const operator = await ctx.createAccount({ profile: 'OPERADOR' });
  token = (await ctx.signIn(operator.email, operator.password)).token;
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'en-US') =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-language': language },
  });

const ids = (page: { data: { deviceId: number }[] }) => page.data.map((row) => row.deviceId);

async function list(query: string) {
  const response = await call('GET', `/api/devices?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { deviceId: number; connection: string }[]; total: number };
}

describe('POST /api/devices and PUT /api/devices/{id}', () => {
  it('creates a device with its MAC normalised, owned by its location’s organisation', async () => {
    const ground = await deviceGround(ctx);
    const response = await call('POST', '/api/devices', {
      macAddress: 'a2-bb-cc-dd-ee-01',
      locationId: ground.locationId,
      campaignId: ground.campaignId,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      macAddress: 'A2BBCCDDEE01',
      location: { locationId: ground.locationId, timeZone: 'America/Sao_Paulo' },
      owner: { organizationId: ground.organizationId },
      campaign: { campaignId: ground.campaignId },
      user: null,
      connection: 'never',
      isProvisioned: false,
      hasOwnSchedule: false,
      ativo: true,
    });
  });

  it('refuses a MAC address already registered in another spelling (409 DEVICE_MAC_TAKEN), writing nothing', async () => {
    const ground = await deviceGround(ctx);
    const { macAddress } = await insertDevice(ctx, ground);
    const before = await ctx.countRows('devices');
    const spelled = formatMacAddress(macAddress).toLowerCase();
    const response = await call('POST', '/api/devices', {
      macAddress: spelled,
      locationId: ground.locationId,
      campaignId: ground.campaignId,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('DEVICE_MAC_TAKEN');
    expect(await ctx.countRows('devices')).toBe(before);
  });

  it('refuses an invalid MAC, an inactive location and an inactive campaign on their fields (400)', async () => {
    const ground = await deviceGround(ctx);
    const bad = await call('POST', '/api/devices', {
      macAddress: 'zz:zz',
      locationId: ground.locationId,
      campaignId: ground.campaignId,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('macAddress');

    await ctx.query(sql`update locations set deleted_at = now() where id = ${ground.locationId}`);
    const location = await call('POST', '/api/devices', {
      macAddress: testMacAddress(),
      locationId: ground.locationId,
      campaignId: ground.campaignId,
    });
    expect(location.statusCode, location.body).toBe(400);
    expect(JSON.stringify(location.json())).toContain('locationId');

    const other = await deviceGround(ctx);
    await ctx.query(sql`update campaigns set deleted_at = now() where id = ${other.campaignId}`);
    const campaign = await call('POST', '/api/devices', {
      macAddress: testMacAddress(),
      locationId: other.locationId,
      campaignId: other.campaignId,
    });
    expect(campaign.statusCode, campaign.body).toBe(400);
    expect(JSON.stringify(campaign.json())).toContain('campaignId');
  });

  it('updates a device, and refuses a save over a newer version (409 STALE_RECORD)', async () => {
    const ground = await deviceGround(ctx);
    const other = await deviceGround(ctx);
    const { deviceId, macAddress } = await insertDevice(ctx, ground);
    const loaded = (await call('GET', `/api/devices/${deviceId}`)).json();
    const moved = await call('PUT', `/api/devices/${deviceId}`, {
      macAddress,
      locationId: other.locationId,
      campaignId: other.campaignId,
      updatedAt: loaded.updatedAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ owner: { organizationId: other.organizationId } });
    const stale = await call('PUT', `/api/devices/${deviceId}`, {
      macAddress,
      locationId: ground.locationId,
      campaignId: ground.campaignId,
      updatedAt: loaded.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_RECORD');
  });
});

describe('GET /api/devices', () => {
  it('searches by MAC in any spelling, filters by organisation and connection, and sorts', async () => {
    const ground = await deviceGround(ctx);
    const seen = await insertDevice(ctx, ground, 'A4B1C2D3E4F5');
    const stale = await insertDevice(ctx, ground);
    const silent = await insertDevice(ctx, ground);
    await markSeen(ctx, seen.deviceId, new Date());
    await markSeen(ctx, stale.deviceId, new Date(Date.now() - 60 * 60_000));

    for (const spelling of ['a4:b1:c2', 'A4-B1-C2-D3', 'a4b1c2d3e4f5', 'A4B1.C2D3']) {
      expect(ids(await list(`search=${encodeURIComponent(spelling)}`)), spelling).toEqual([seen.deviceId]);
    }
    const org = `organizationId=${ground.organizationId}`;
    expect(ids(await list(`${org}&connection=online`))).toEqual([seen.deviceId]);
    expect(ids(await list(`${org}&connection=offline`))).toEqual([stale.deviceId]);
    expect(ids(await list(`${org}&connection=never`))).toEqual([silent.deviceId]);
    const page = await list(`${org}&orderBy=LastSeenAt&orderByDirection=desc`);
    expect(page.total).toBe(3);
    expect(page.data.map((row) => row.connection)).toContain('online');
    for (const orderBy of [
      'MacAddress',
      'Campaign.Name',
      'User.Nome',
      'Owner.Nome',
      'Location.Name',
      'UpdatedAt',
    ]) {
      expect((await list(`${org}&orderBy=${orderBy}`)).total, orderBy).toBe(3);
    }
    const unknown = await call('GET', '/api/devices?orderBy=Secret');
    expect(unknown.statusCode).toBe(400);
  });

  it('finds active devices by a piece of their MAC in any spelling for the typeahead', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground, '0EF1E2D3C4B5');
    const retired = await insertDevice(ctx, ground, '0EF1E2D3C4B6');
    await ctx.query(sql`update devices set deleted_at = now() where id = ${retired.deviceId}`);
    for (const spelling of ['0e:f1:e2', '0EF1-E2D3']) {
      const response = await call('GET', `/api/devices/quick-search?str=${encodeURIComponent(spelling)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json(), spelling).toEqual([{ deviceId, macAddress: '0EF1E2D3C4B5' }]);
    }
  });

  it('exports the list with its columns', async () => {
    const ground = await deviceGround(ctx);
    const { macAddress } = await insertDevice(ctx, ground);
    const response = await call('GET', `/api/devices/export?organizationId=${ground.organizationId}`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toContain('MAC address');
    expect(sheet?.getRow(2).values).toContain(formatMacAddress(macAddress));
    expect(sheet?.getRow(2).values).toContain('Never connected');
  });
});

describe('GET /api/devices/{id}', () => {
  it('answers its collection, capsules per slot and the location’s schedule in its time zone', async () => {
    const ground = await deviceGround(ctx, { timeZone: 'America/Manaus' });
    const { deviceId } = await insertDevice(ctx, ground);
    await insertCapsule(ctx, { deviceId, slot: 1, fragranceId: ground.fragranceId, remainingShots: 400 });
    const ranges = [{ weekday: 5, start: '22:00', end: '02:00', intensity: 60 }];
    await ctx.query(
      sql`update locations set schedule = ${JSON.stringify({ ranges })}::jsonb where id = ${ground.locationId}`,
    );
    const response = await call('GET', `/api/devices/${deviceId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      collection: [{ slot: 1, fragranceId: ground.fragranceId }],
      capsules: [{ slot: 1, remainingShots: 400, sizeShots: 1000 }],
      schedule: { source: 'location', timeZone: 'America/Manaus', ranges },
      ownSchedule: null,
    });
  });

  it('sets and clears its own schedule (PUT /api/devices/schedule/{id})', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    const own = { ranges: [{ weekday: 0, start: '00:00', end: '00:00', intensity: 10 }] };
    const set = await call('PUT', `/api/devices/schedule/${deviceId}`, { schedule: own });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      hasOwnSchedule: true,
      schedule: { source: 'device' },
      ownSchedule: own,
    });
    const overlapping = await call('PUT', `/api/devices/schedule/${deviceId}`, {
      schedule: { ranges: [...own.ranges, { weekday: 0, start: '10:00', end: '11:00', intensity: 1 }] },
    });
    expect(overlapping.statusCode).toBe(400);
    const cleared = await call('PUT', `/api/devices/schedule/${deviceId}`, { schedule: null });
    expect(cleared.json()).toMatchObject({ hasOwnSchedule: false, schedule: { source: 'location' } });
  });

  it('refuses a schedule saved over an older version of the device (409 STALE_RECORD), changing nothing', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    const { updatedAt } = (await call('GET', `/api/devices/${deviceId}`)).json();
    const own = { ranges: [{ weekday: 2, start: '08:00', end: '12:00', intensity: 20 }] };
    await expectStaleSaveRefused(
      call,
      `/api/devices/schedule/${deviceId}`,
      [{ schedule: own }, { schedule: null }],
      updatedAt,
      `/api/devices/${deviceId}`,
    );
  });
});

describe('retiring, reactivating and deleting', () => {
  it('retiring revokes the credential; reactivation needs an active location', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    await provisionDirectly(ctx, box, deviceId);
    expect((await call('DELETE', `/api/devices/${deviceId}`)).statusCode).toBe(204);
    const [row] = await ctx.query<Record<string, unknown>>(
      sql`select credential_hash, secret_ciphertext, provisioned_at, deleted_at from devices where id = ${deviceId}`,
    );
    expect(row).toMatchObject({ credential_hash: null, secret_ciphertext: null, provisioned_at: null });
    expect(row?.deleted_at).not.toBeNull();

    await ctx.query(sql`update locations set deleted_at = now() where id = ${ground.locationId}`);
    const refused = await call('PUT', `/api/devices/activate/${deviceId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LOCATION_INACTIVE');
    await ctx.query(sql`update locations set deleted_at = null where id = ${ground.locationId}`);
    const activated = await call('PUT', `/api/devices/activate/${deviceId}`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ ativo: true, isProvisioned: false });
  });

  it('deletes for good only a retired device that never sent shots (409 DEVICE_HAS_SHOTS)', async () => {
    const ground = await deviceGround(ctx);
    const fired = await insertDevice(ctx, ground);
    const idle = await insertDevice(ctx, ground);
    await recordBatch(ctx, fired.deviceId);
    for (const { deviceId } of [fired, idle]) {
      expect((await call('DELETE', `/api/devices/${deviceId}`)).statusCode).toBe(204);
    }
    const kept = await call('DELETE', `/api/devices/${fired.deviceId}?hardDelete=true`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().code).toBe('DEVICE_HAS_SHOTS');
    expect((await call('DELETE', `/api/devices/${idle.deviceId}?hardDelete=true`)).statusCode).toBe(204);
    expect((await call('GET', `/api/devices/${idle.deviceId}`)).statusCode).toBe(404);
  });

  it('allows a new provisioning of an active device (PUT /api/devices/reprovision/{id})', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    await provisionDirectly(ctx, box, deviceId);
    const response = await call('PUT', `/api/devices/reprovision/${deviceId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().isProvisioned).toBe(false);
  });
});

describe('POST /api/devices/reset-code/{id}', () => {
  it('answers the RFC 6238 code of the device’s secret and records that it was shown, never the code or secret', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    const { secret } = await provisionDirectly(ctx, box, deviceId);
    const response = await call('POST', `/api/devices/reset-code/${deviceId}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as {
      code: string;
      secondsLeft: number;
      stepSeconds: number;
      validUntil: string;
    };
    const stepEnd = Date.parse(answer.validUntil);
    expect(stepEnd % 60_000).toBe(0);
    expect(answer.stepSeconds).toBe(60);
    expect(answer.secondsLeft).toBeGreaterThanOrEqual(1);
    expect(answer.secondsLeft).toBeLessThanOrEqual(60);
    expect(answer.code).toBe(oneTimeCodeAt(secret, stepEnd - 1_000, { stepSeconds: 60, digits: 6 }).code);
    expect(response.body).not.toContain(secret.toString('base64url'));

    const notes = await ctx.query<{ after: unknown; action: string }>(sql`
      select c.after, e.action from audit_changes c join audit_events e on e.id = c.event_id
      where e.record_type = 'device' and e.record_id = ${String(deviceId)} and c.table_name = 'device_reset_codes'`);
    expect(notes).toEqual([
      { after: { valid_until: answer.validUntil }, action: 'postDevicesResetCodeById' },
    ]);
    const trail = await ctx.query<{ text: string }>(
      sql`select coalesce(string_agg(c.after::text || c.before::text, ' '), '') as text from audit_changes c`,
    );
    expect(trail[0]?.text).not.toContain(answer.code);
  });

  it('refuses a device that never provisioned (409 DEVICE_NOT_PROVISIONED) and a retired one (409 RECORD_INACTIVE)', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    const refused = await call('POST', `/api/devices/reset-code/${deviceId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DEVICE_NOT_PROVISIONED');
    await ctx.query(sql`update devices set deleted_at = now() where id = ${deviceId}`);
    const retired = await call('POST', `/api/devices/reset-code/${deviceId}`);
    expect(retired.statusCode).toBe(409);
    expect(retired.json().code).toBe('RECORD_INACTIVE');
  });
});

describe('disconnecting users', () => {
  it('PUT /api/devices/remove-user/{id} unlinks the device’s user, and 409 DEVICE_NO_USER when nobody is', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    const person = await ctx.createAccount({ profile: 'USER', name: 'Ana Pareada' });
    await ctx.query(sql`update devices set user_id = ${person.id}, paired_at = now() where id = ${deviceId}`);
    expect((await call('GET', `/api/devices/${deviceId}`)).json().user).toEqual({
      id: person.id,
      nome: 'Ana Pareada',
    });
    const removed = await call('PUT', `/api/devices/remove-user/${deviceId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().user).toBeNull();
    const again = await call('PUT', `/api/devices/remove-user/${deviceId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DEVICE_NO_USER',
      message: expect.stringContaining('No user'),
    });
  });

  it('PUT /api/remove-user/{id} unlinks the user from every device, and 409 USER_NO_DEVICE when linked to none', async () => {
    const ground = await deviceGround(ctx);
    const first = await insertDevice(ctx, ground);
    const second = await insertDevice(ctx, ground);
    const person = await ctx.createAccount({ profile: 'USER' });
    await ctx.query(
      sql`update devices set user_id = ${person.id}, paired_at = now() where id in (${first.deviceId}, ${second.deviceId})`,
    );
    const removed = await call('PUT', `/api/remove-user/${person.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ devices: 2 });
    const linked = await ctx.query(sql`select id from devices where user_id = ${person.id}`);
    expect(linked).toEqual([]);
    const again = await call('PUT', `/api/remove-user/${person.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_NO_DEVICE');
    expect((await call('PUT', '/api/remove-user/99999999')).statusCode).toBe(404);
  });
});
