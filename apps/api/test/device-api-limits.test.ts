import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainShotPartitions } from '../src/modules/device-api/shot-partitions.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: DeviceFixture;

const REQUESTS_PER_MINUTE = 4;

beforeAll(async () => {
  ctx = await createTestApp({
    DEVICE_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
    SHOT_RETENTION_MONTHS: '3',
  });
  fixture = await createDeviceFixture(ctx);
});
afterAll(() => ctx.close());

describe('the device API’s limits', () => {
  it('refuses a device past its calls a minute (429 with Retry-After), and only that device', async () => {
    const busy = await fixture.createDevice();
    const calm = await fixture.createDevice();
    const config = (credential: string) =>
      fixture.call(credential, { method: 'GET', url: '/api/device/config' });
    for (let call = 0; call < REQUESTS_PER_MINUTE; call += 1)
      expect((await config(busy.credential)).statusCode).toBe(200);
    const refused = await config(busy.credential);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Every device route counts against the same limit.
    const shots = await fixture.call(busy.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 1, shots: [{ at: new Date().toISOString(), slot: 1, count: 1 }] },
    });
    expect(shots.statusCode).toBe(429);
    expect((await config(calm.credential)).statusCode).toBe(200);
  });

  it('takes a batch of 1,000 entries in their longest spelling, and refuses a larger body (413)', async () => {
    const device = await fixture.createDevice();
    const heartbeat = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: {
        firmwareVersion: '1.0.0',
        capsules: [
          {
            slot: 20,
            serialNumber: 'LIMIT-20',
            fragranceId: fixture.fragranceIds[0],
            sizeShots: 1_000_000,
            remainingShots: 1_000_000,
          },
        ],
      },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
    const at = new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00');
    const shots = Array.from({ length: 1_000 }, () => ({ at, slot: 20, count: 1_000 }));
    const full = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 999_999_999_999, shots },
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({
      isNew: true,
      shots: 1_000_000,
      capsules: [{ slot: 20, remainingShots: 0 }],
    });
    const padded = JSON.stringify({ sequence: 2, shots }).replace('{', `{${' '.repeat(128 * 1024)}`);
    const tooLarge = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe('the shots table’s monthly partitions', () => {
  const partitions = async () =>
    (
      await ctx.query<{ name: string }>(sql`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'shots'::regclass order by 1`)
    ).map((row) => row.name);

  it('keeps the months retention keeps and the next two, drops older ones whole with their batch records', async () => {
    const startUp = await partitions();
    const now = new Date();
    const month = (back: number) => {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      return `shots_${date.toISOString().slice(0, 7).replace('-', '')}`;
    };
    // At start-up: three months back (retention), the current one, two ahead.
    expect(startUp).toEqual([3, 2, 1, 0, -1, -2].map(month));

    await ctx.query(sql`insert into shot_batches (device_id, sequence, shots, received_at)
      values (1, 1, 1, now() - interval '10 months'), (1, 2, 1, now())`);
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 15));
    const result = await maintainShotPartitions({ db: ctx.db, retentionMonths: 3, now: later });
    expect(result).toEqual({ created: 2, dropped: 2, batchesPruned: 1 });
    expect(await partitions()).toEqual([1, 0, -1, -2, -3, -4].map(month));
    // Run again (another instance, the next day): nothing left to do.
    expect(await maintainShotPartitions({ db: ctx.db, retentionMonths: 3, now: later })).toEqual({
      created: 0,
      dropped: 0,
      batchesPruned: 0,
    });
  });
});
