import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * Batches arriving at once — from devices sharing a location, a campaign and fragrances (so the same
 * hourly counters), and from one device racing itself, replays included — land with exact totals in
 * the raw shots, both aggregates and the capsule levels, and without a deadlock (which PostgreSQL
 * would answer as an error, a 500 here).
 */
let ctx: TestContext;
let fixture: DeviceFixture;

const DEVICES = 6;
const BATCHES_PER_DEVICE = 8;
const START_LEVEL = 100_000;
/** One capsule starts nearly empty: its level must stop at zero however the batches interleave. */
const LOW_LEVEL = 50;

beforeAll(async () => {
  ctx = await createTestApp({ DEVICE_REQUESTS_PER_MINUTE: '100000' });
  fixture = await createDeviceFixture(ctx, { fragrances: 3 });
});
afterAll(() => ctx.close());

type Shot = { at: string; slot: number; count: number };

/** Fixed once: the batches are built again for the expected totals, and must land in the same hours. */
const BASE_TIME = Date.now() - 3 * 3_600_000;

/** A deterministic spread of shots over the last three hours, every slot of the device. */
function batchOf(device: number, sequence: number): Shot[] {
  const base = BASE_TIME;
  return Array.from({ length: 25 }, (_, index) => ({
    at: new Date(
      base + ((device * 7919 + sequence * 104_729 + index * 1_299_709) % (3 * 3_600_000 - 60_000)),
    ).toISOString(),
    slot: (index % 3) + 1,
    count: ((device + sequence + index) % 5) + 1,
  }));
}

const hourOf = (at: string) => `${at.slice(0, 13)}:00:00.000Z`;

describe('POST /api/device/shots, concurrently', () => {
  it('counts every batch exactly once across devices sharing counters and one device racing itself', async () => {
    const devices = [];
    for (let index = 0; index < DEVICES; index += 1) {
      const device = await fixture.createDevice();
      const heartbeat = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/heartbeat',
        payload: {
          firmwareVersion: '1.0.0',
          capsules: [1, 2, 3].map((slot) => ({
            slot,
            serialNumber: `RACE-${index}-${slot}`,
            fragranceId: fixture.fragranceIds[slot - 1],
            sizeShots: START_LEVEL,
            remainingShots: index === 0 && slot === 1 ? LOW_LEVEL : START_LEVEL,
          })),
        },
      });
      expect(heartbeat.statusCode, heartbeat.body).toBe(200);
      devices.push(device);
    }

    // Every batch once, device 0's also sent a second time at the same moment (a retry racing the original).
    const sends = devices.flatMap((device, index) =>
      Array.from({ length: BATCHES_PER_DEVICE }, (_, sequence) => ({ device, index, sequence })),
    );
    const replays = sends.filter(({ index }) => index === 0);
    // Folds race the batches (two at once, as two instances would run theirs); the last one folds the rest.
    const racingFolds = Array.from({ length: 4 }, () => ctx.foldShots());
    const responses = await Promise.all(
      [...sends, ...replays].map(({ device, index, sequence }) =>
        fixture.call(device.credential, {
          method: 'POST',
          url: '/api/device/shots',
          payload: { sequence, shots: batchOf(index, sequence) },
        }),
      ),
    );
    await Promise.all([...racingFolds, ctx.foldShots(), ctx.foldShots()]);
    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(responses.filter((response) => response.json().isNew)).toHaveLength(sends.length);

    const expected = { total: 0, hourly: new Map<string, number>(), capsules: new Map<string, number>() };
    for (const { index, sequence } of sends) {
      for (const shot of batchOf(index, sequence)) {
        expected.total += shot.count;
        const hourKey = `${hourOf(shot.at)}|${fixture.fragranceIds[shot.slot - 1]}`;
        expected.hourly.set(hourKey, (expected.hourly.get(hourKey) ?? 0) + shot.count);
        const capsule = `RACE-${index}-${shot.slot}`;
        expected.capsules.set(capsule, (expected.capsules.get(capsule) ?? 0) + shot.count);
      }
    }
    const deviceIds = devices.map((device) => device.id);
    const [raw] = await ctx.query<{ total: number; batches: number }>(sql`
      select (select sum(count)::int from shots where device_id = any(${`{${deviceIds.join(',')}}`}::int[])) as total,
        (select count(*)::int from shot_batches where device_id = any(${`{${deviceIds.join(',')}}`}::int[])) as batches`);
    expect(raw).toEqual({ total: expected.total, batches: sends.length });

    const hourly = await ctx.query<{ hour: string; fragranceId: number; shots: number }>(sql`
      select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as hour, fragrance_id as "fragranceId", shots::int as shots
      from shot_counts_hourly where location_id = ${fixture.locationIds[0]} and campaign_id = ${fixture.campaignId}`);
    expect(new Map(hourly.map((row) => [`${row.hour}|${row.fragranceId}`, row.shots]))).toEqual(
      expected.hourly,
    );

    const capsules = await ctx.query<{ serial: string; remaining: number; counted: number }>(sql`
      select c.serial_number as serial, l.remaining_shots as remaining,
        (select sum(d.shots)::int from capsule_shot_days d where d.capsule_id = c.id) as counted
      from capsules c join capsule_levels l on l.capsule_id = c.id where c.serial_number like 'RACE-%'`);
    for (const capsule of capsules) {
      const fired = expected.capsules.get(capsule.serial) ?? 0;
      const start = capsule.serial === 'RACE-0-1' ? LOW_LEVEL : START_LEVEL;
      expect(capsule, capsule.serial).toEqual({
        serial: capsule.serial,
        remaining: Math.max(0, start - fired),
        counted: fired,
      });
    }
    expect(capsules.find((capsule) => capsule.serial === 'RACE-0-1')?.remaining).toBe(0);
  });
});
