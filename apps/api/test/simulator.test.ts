import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../src/demo-data/fleet.ts';
import { deviceApiClient } from '../src/simulator/device-api-client.ts';
import { type DeviceMemory, runDevice } from '../src/simulator/simulated-device.ts';
import { emptyTally } from '../src/simulator/tally.ts';
import { createDeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The simulator's device against the real server: a device with empty slots, at a location open around
 * the clock, fired fast enough (10,000 shots a second) to empty its three capsules within the run, and
 * half its batches sent twice. What it was told was counted must be exactly what the server holds.
 */
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await ctx?.close();
});

describe('a simulated device', () => {
  it('fires at its schedule’s rate, replaces emptied capsules, and is counted once per batch, replays included', async () => {
    const fixture = await createDeviceFixture(ctx);
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start: '00:00',
      end: '00:00',
      intensity: 3_600,
    }));
    await ctx.query(
      sql`update locations set schedule = ${JSON.stringify({ ranges: allDay })}::jsonb where id = ${fixture.locationIds[0]}`,
    );
    const device = await fixture.createDevice();
    const memory: DeviceMemory = { deviceId: device.id, credential: device.credential };
    const tally = emptyTally();
    const until = Date.now() + 5_000;
    const isStopping = () => Date.now() >= until;
    const lines: string[] = [];
    await runDevice({
      macAddress: device.macAddress,
      memory,
      capsules: [],
      api: deviceApiClient({
        base,
        credential: device.credential,
        tally,
        isStopping,
        log: (line) => lines.push(line),
      }),
      random: seededRandom(7),
      tally,
      speed: 10_000,
      retryRate: 0.5,
      isStopping,
      log: (line) => lines.push(line),
    });

    expect(lines).toEqual([]);
    expect(tally.refused).toBe(0);
    expect(tally.shotsSent).toBeGreaterThan(9_000);
    expect(tally.capsulesReplaced).toBeGreaterThanOrEqual(3);
    expect(tally.retried).toBeGreaterThan(0);
    expect(tally.retriedIgnored).toBe(tally.retried);
    await ctx.foldShots();
    const [sums] = await ctx.query<{ raw: number; batches: number; hourly: number; capsules: number }>(sql`
      select (select coalesce(sum(count), 0) from shots where device_id = ${device.id})::int as raw,
        (select coalesce(sum(shots), 0) from shot_batches where device_id = ${device.id})::int as batches,
        (select coalesce(sum(shots), 0) from shot_counts_hourly where location_id = ${fixture.locationIds[0]})::int as hourly,
        (select count(*) from capsules where serial_number like 'SIM%')::int as capsules`);
    expect(sums).toEqual({
      raw: tally.shotsSent,
      batches: tally.shotsSent,
      hourly: tally.shotsSent,
      capsules: 3 + tally.capsulesReplaced,
    });
  });
});
