import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * Group commit (migration 0026): several batches in one call of the group function (since migration
 * 0050 ack_shot_batch_group, whose batches the fold credits), and over HTTP, batches arriving together
 * committed in groups while each keeps its own answer.
 */
let ctx: TestContext;
let fixture: DeviceFixture;

const LEVEL = 10_000;
const AT = new Date(Date.now() - 3_600_000).toISOString();

type Device = Awaited<ReturnType<DeviceFixture['createDevice']>>;
type Shot = { at: string; slot: number; count: number };

const hashOf = (credential: string) => createHash('sha256').update(credential).digest('hex');

/** A provisioned device with capsules in slots 1 and 2 (slot 3 empty). */
async function deviceWithCapsules(tag: string): Promise<Device> {
  const device = await fixture.createDevice();
  const response = await fixture.call(device.credential, {
    method: 'POST',
    url: '/api/device/heartbeat',
    payload: {
      firmwareVersion: '1.0.0',
      capsules: [1, 2].map((slot) => ({
        slot,
        serialNumber: `GRP-${tag}-${slot}`,
        fragranceId: fixture.fragranceIds[slot - 1],
        sizeShots: LEVEL,
        remainingShots: LEVEL,
      })),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return device;
}

/** One call of the group function, batches as (credential, sequence, shots). */
async function ingestGroup(batches: { credential: string; sequence: number; shots: Shot[] }[]) {
  const entries = batches.flatMap((batch, index) =>
    batch.shots.map((shot) => ({ batch: index + 1, ...shot })),
  );
  const list = (values: (string | number)[]) => `{${values.join(',')}}`;
  const [row] = await ctx.query<{ result: unknown }>(sql`
    select ack_shot_batch_group(
      ${list(batches.map((batch) => hashOf(batch.credential)))}::text[],
      ${list(batches.map((batch) => batch.sequence))}::bigint[],
      ${list(entries.map((entry) => entry.batch))}::integer[],
      ${list(entries.map((entry) => entry.at))}::timestamptz[],
      ${list(entries.map((entry) => entry.slot))}::smallint[],
      ${list(entries.map((entry) => entry.count))}::integer[]) as result`);
  const result = row?.result;
  return (typeof result === 'string' ? JSON.parse(result) : result) as Record<string, unknown>[];
}

/** What is stored for a device once folded: raw shots, batches, capsule days, levels by slot. */
async function storedFor(device: Device) {
  await ctx.foldShots();
  const [row] = await ctx.query<{ shots: number; batches: number; days: number; levels: string }>(sql`
    select (select coalesce(sum(count), 0)::int from shots where device_id = ${device.id}) as shots,
      (select count(*)::int from shot_batches where device_id = ${device.id}) as batches,
      (select coalesce(sum(d.shots), 0)::int from capsule_shot_days d join capsules c on c.id = d.capsule_id
        where c.device_id = ${device.id}) as days,
      (select string_agg(c.slot || '=' || l.remaining_shots, ',' order by c.slot) from capsules c
        join capsule_levels l on l.capsule_id = c.id where c.device_id = ${device.id}) as levels`);
  return row;
}

async function hourlyTotal(): Promise<number> {
  await ctx.foldShots();
  const [row] = await ctx.query<{ total: number }>(sql`
    select coalesce(sum(shots), 0)::int as total from shot_counts_hourly
    where location_id = ${fixture.locationIds[0]} and campaign_id = ${fixture.campaignId}`);
  return row?.total ?? 0;
}

beforeAll(async () => {
  ctx = await createTestApp({ DEVICE_REQUESTS_PER_MINUTE: '100000' });
  fixture = await createDeviceFixture(ctx, { fragrances: 3 });
});
afterAll(() => ctx.close());

describe('ack_shot_batch_group', () => {
  it('counts a sequence once, replayed within the group or already stored, and answers an unknown credential', async () => {
    const [a, b] = [await deviceWithCapsules('replay-a'), await deviceWithCapsules('replay-b')];
    const stored = await fixture.call(b.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 7, shots: [{ at: AT, slot: 1, count: 4 }] },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const hourlyBefore = await hourlyTotal();

    const answers = await ingestGroup([
      {
        credential: a.credential,
        sequence: 1,
        shots: [
          { at: AT, slot: 1, count: 3 },
          { at: AT, slot: 2, count: 2 },
        ],
      },
      { credential: b.credential, sequence: 7, shots: [{ at: AT, slot: 1, count: 50 }] },
      { credential: 'dev_unknown', sequence: 1, shots: [{ at: AT, slot: 1, count: 1 }] },
      { credential: a.credential, sequence: 1, shots: [{ at: AT, slot: 1, count: 99 }] },
      { credential: b.credential, sequence: 8, shots: [{ at: AT, slot: 2, count: 6 }] },
    ]);
    expect(answers).toEqual([
      {
        status: 'ok',
        deviceId: a.id,
        isNew: true,
        shots: 5,
        capsules: [
          { slot: 1, remainingShots: LEVEL - 3 },
          { slot: 2, remainingShots: LEVEL - 2 },
        ],
      },
      {
        status: 'ok',
        deviceId: b.id,
        isNew: false,
        shots: 0,
        capsules: [{ slot: 1, remainingShots: LEVEL - 4 }],
      },
      { status: 'unknown' },
      {
        status: 'ok',
        deviceId: a.id,
        isNew: false,
        shots: 0,
        capsules: [{ slot: 1, remainingShots: LEVEL - 3 }],
      },
      {
        status: 'ok',
        deviceId: b.id,
        isNew: true,
        shots: 6,
        capsules: [{ slot: 2, remainingShots: LEVEL - 6 }],
      },
    ]);
    expect(await storedFor(a)).toEqual({
      shots: 5,
      batches: 1,
      days: 5,
      levels: `1=${LEVEL - 3},2=${LEVEL - 2}`,
    });
    expect(await storedFor(b)).toEqual({
      shots: 10,
      batches: 2,
      days: 10,
      levels: `1=${LEVEL - 4},2=${LEVEL - 6}`,
    });
    expect(await hourlyTotal()).toBe(hourlyBefore + 5 + 6);
  });

  it('refuses a group whose new batch names an empty slot (SC409, batch:slot), writing nothing of it', async () => {
    const device = await deviceWithCapsules('empty-sql');
    const before = await storedFor(device);
    const error = await ingestGroup([
      { credential: device.credential, sequence: 1, shots: [{ at: AT, slot: 1, count: 1 }] },
      {
        credential: device.credential,
        sequence: 2,
        shots: [
          { at: AT, slot: 2, count: 1 },
          { at: AT, slot: 3, count: 1 },
        ],
      },
    ]).catch(
      (caught: { code?: string; detail?: string; cause?: { code?: string; detail?: string } }) => caught,
    );
    const pg = (error as { cause?: { code?: string } }).cause?.code
      ? (error as { cause: object }).cause
      : error;
    expect(pg).toMatchObject({ code: 'SC409', detail: '2:3' });
    expect(await storedFor(device)).toEqual(before);
  });
});

describe('POST /api/device/shots, in groups', () => {
  it('lands the batches sent together with one naming an empty slot: that one alone is refused, nothing of it stored', async () => {
    const devices = [];
    for (let index = 0; index < 6; index += 1) devices.push(await deviceWithCapsules(`http-${index}`));
    const hourlyBefore = await hourlyTotal();
    // Five batches a device, all at once; device 5's batch 4 names slot 3, which is empty.
    const sends = devices.flatMap((device, index) =>
      Array.from({ length: 5 }, (_, sequence) => ({
        device,
        sequence,
        isBad: index === 5 && sequence === 4,
        first: index + 1,
        second: sequence + 1,
        shots: [
          { at: AT, slot: 1, count: index + 1 },
          { at: AT, slot: index === 5 && sequence === 4 ? 3 : 2, count: sequence + 1 },
        ],
      })),
    );
    const responses = await Promise.all(
      sends.map(({ device, sequence, shots }) =>
        fixture.call(device.credential, {
          method: 'POST',
          url: '/api/device/shots',
          payload: { sequence, shots },
        }),
      ),
    );
    for (const [index, response] of responses.entries()) {
      const send = sends[index] as (typeof sends)[number];
      if (send.isBad) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().code).toBe('DEVICE_SLOT_EMPTY');
      } else {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({
          sequence: send.sequence,
          isNew: true,
          shots: send.first + send.second,
        });
      }
    }
    let total = 0;
    for (const [index, device] of devices.entries()) {
      const good = sends.filter((send) => send.device === device && !send.isBad);
      const slot1 = good.reduce((sum, send) => sum + send.first, 0);
      const slot2 = good.reduce((sum, send) => sum + send.second, 0);
      total += slot1 + slot2;
      expect(await storedFor(device), `device ${index}`).toEqual({
        shots: slot1 + slot2,
        batches: good.length,
        days: slot1 + slot2,
        levels: `1=${LEVEL - slot1},2=${LEVEL - slot2}`,
      });
    }
    expect(await hourlyTotal()).toBe(hourlyBefore + total);
  });
});
