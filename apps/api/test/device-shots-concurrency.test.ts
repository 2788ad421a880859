import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { pause, signal } from './race-moments.ts';
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
  fixture = await createDeviceFixture(ctx, { fragrances: 3, locations: 2 });
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
    // Folds race the batches and each other (the timed fold's kind, which leaves what another fold
    // holds, and the kind that waits for it, as instances run theirs); the last ones fold the rest.
    const racingFolds = Array.from({ length: 4 }, (_, index) =>
      index % 2 === 0 ? ctx.app.shotFold.foldDue() : ctx.foldShots(),
    );
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

/** A fold in a transaction of its own: the rows folded, as `fold_shot_batches` answers them. */
async function foldIn(tx: Database, limit: number, wait: boolean): Promise<number> {
  const result = (await tx.execute(
    sql`select fold_shot_batches(${limit}::integer, ${wait}::boolean) as n`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]?.n);
}

/** The lock waits of this database's backends, sorted: each a `pg_stat_activity.wait_event`. */
async function lockWaits(): Promise<string[]> {
  const rows = await ctx.query<{ event: string }>(sql`
    select wait_event as event from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' order by 1`);
  return rows.map((row) => row.event);
}

// Folds at once need connections of their own: PostgreSQL only (PGlite has one).
describe.skipIf(!process.env.TEST_DATABASE_URL)('folds side by side (migration 0061)', () => {
  it('a fold that does not wait credits what another holds not; one that waits finds it folded', async () => {
    const devices = [];
    for (const [index, locationId] of fixture.locationIds.entries()) {
      const device = await fixture.createDevice({ locationId });
      const heartbeat = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/heartbeat',
        payload: {
          firmwareVersion: '1.0.0',
          capsules: [
            {
              slot: 1,
              serialNumber: `SIDE-${index}`,
              fragranceId: fixture.fragranceIds[0],
              sizeShots: 100,
              remainingShots: 100,
            },
          ],
        },
      });
      expect(heartbeat.statusCode, heartbeat.body).toBe(200);
      devices.push(device);
    }
    const [first, second] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const at = new Date().toISOString();
    // The first device's one batch (1 shot), the second's three (2, 3 and 4 shots).
    for (const [device, sequence] of [
      [first, 1],
      [second, 2],
      [second, 3],
      [second, 4],
    ] as const) {
      const sent = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: { sequence, shots: [{ at, slot: 1, count: sequence }] },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }

    // A fold takes the oldest key (the first device's batch) and stays uncommitted.
    const holding = signal();
    const release = signal();
    const held = ctx.db.transaction(async (tx) => {
      const folded = await foldIn(tx as unknown as Database, 1, false);
      holding.open();
      await release.opened;
      return folded;
    });
    await holding.opened;
    // The timed fold's kind passes the held batch, credits the other three, and waits only for the
    // shared sums' lock; the kind that waits waits for the held batch's row.
    const passing = ctx.db.transaction((tx) => foldIn(tx as unknown as Database, 10, false));
    const waiting = ctx.foldShots();
    for (let tries = 0; (await lockWaits()).length < 2 && tries < 200; tries += 1) await pause(25);
    expect(await lockWaits()).toEqual(['advisory', 'transactionid']);
    release.open();
    expect(await Promise.all([held, passing, waiting])).toEqual([1, 3, 0]);

    const counted = await ctx.query<{
      device: number;
      raw: number;
      level: number;
      daily: number;
      left: number;
    }>(sql`
      select d.id as device,
        (select sum(count)::int from shots where device_id = d.id) as raw,
        (select l.remaining_shots from capsules c join capsule_levels l on l.capsule_id = c.id
          where c.device_id = d.id) as level,
        (select sum(shots)::int from shot_counts_device_daily where device_id = d.id) as daily,
        (select count(*)::int from shot_batches where device_id = d.id and ats is not null) as left
      from devices d where d.id in (${first.id}, ${second.id}) order by d.id`);
    expect(counted).toEqual([
      { device: first.id, raw: 1, level: 99, daily: 1, left: 0 },
      { device: second.id, raw: 9, level: 91, daily: 9, left: 0 },
    ]);
  });
});
