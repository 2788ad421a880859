import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertsJob } from '../src/modules/alerts/alerts-job.ts';
import { alertsOf, capsuleIn, HOUR_MS, JOB, NOW, shopDevice } from './alerts-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * What a capsule's level and counted shots make of its forecast and alerts on edges the schedule
 * alone misreads: its first day, a location whose schedule is empty, a low or empty level.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.jobSettled('alerts');
});
afterAll(() => ctx.close());

const forecastOf = async (capsuleId: number) => {
  const [row] = await ctx.query<{ runs_out_on: string | null; shots_per_hour: number }>(
    sql`select runs_out_on::text, shots_per_hour from capsule_forecasts where capsule_id = ${capsuleId}`,
  );
  return row;
};

const sized = (capsuleId: number, sizeShots: number) =>
  ctx.query(sql`update capsules set size_shots = ${sizeShots} where id = ${capsuleId}`);

describe('the alerts job on capsule levels', () => {
  it('reads a new capsule’s shots over the day they were counted on, not since it was first seen', async () => {
    const shop = await shopDevice(ctx);
    // First seen ten minutes ago with 35 shots it fired earlier today: 4,965 of 5,000 left.
    const fresh = await capsuleIn(ctx, shop, 1, 4_965);
    await sized(fresh.capsuleId, 5_000);
    await ctx.query(sql`update capsules set created_at = ${new Date(NOW.getTime() - HOUR_MS / 6).toISOString()}
      where id = ${fresh.capsuleId}`);
    await ctx.query(sql`insert into capsule_shot_days (capsule_id, day, shots)
      values (${fresh.capsuleId}, '2026-11-25', 35)`);

    await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    // Today's UTC day began at 21:00 on Tuesday in São Paulo: 1 on-hour then, 2 this morning.
    const forecast = await forecastOf(fresh.capsuleId);
    expect(forecast?.shots_per_hour).toBeCloseTo(35 / 3, 3);
    expect(forecast?.runs_out_on).toBe('2027-01-05');
    expect(await alertsOf(ctx, [shop.deviceId])).toEqual([]);
  });

  it('forecasts from the observed pace where the schedule is empty, and raises a low level whatever it says', async () => {
    const open = await shopDevice(ctx, { ranges: [] });
    // 279 of 5,000 left, 480 shots counted over the window: 24 a day on the clock.
    const drained = await capsuleIn(ctx, open, 1, 279, 480);
    await sized(drained.capsuleId, 5_000);
    // Few shots left and none counted lately: no forecast, still low.
    const idle = await capsuleIn(ctx, open, 2, 90);
    const full = await capsuleIn(ctx, open, 3, 900);

    await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    // The window runs from 2026-11-12 00:00 UTC to now: 13 days and 15 hours, 327 hours.
    const forecast = await forecastOf(drained.capsuleId);
    expect(forecast?.shots_per_hour).toBeCloseTo(480 / 327, 3);
    expect(forecast?.runs_out_on).toBe('2026-12-03');
    expect(await forecastOf(idle.capsuleId)).toMatchObject({ runs_out_on: null });
    const raised = (await alertsOf(ctx, [open.deviceId])).map((alert) => [
      alert.kind,
      alert.capsule_id,
      alert.severity,
      alert.runs_out_on,
    ]);
    expect(raised).toEqual([
      ['capsuleRunningOut', drained.capsuleId, 'warning', '2026-12-03'],
      ['capsuleRunningOut', idle.capsuleId, 'warning', null],
    ]);
    expect(raised.map((alert) => alert[1])).not.toContain(full.capsuleId);
  });

  it('raises an empty capsule as empty, and clears its running-out alert', async () => {
    const shop = await shopDevice(ctx);
    const capsule = await capsuleIn(ctx, shop, 1, 50, 1_350);
    await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    expect((await alertsOf(ctx, [shop.deviceId])).map((alert) => alert.kind)).toEqual(['capsuleRunningOut']);

    await ctx.query(
      sql`update capsule_levels set remaining_shots = 0 where capsule_id = ${capsule.capsuleId}`,
    );
    expect(await runAlertsJob({ db: ctx.db, ...JOB }, NOW)).toMatchObject({ raised: 1, cleared: 1 });
    const open = (await alertsOf(ctx, [shop.deviceId])).filter((alert) => alert.cleared_at === null);
    expect(open.map((alert) => [alert.kind, alert.severity, alert.runs_out_on])).toEqual([
      ['capsuleEmpty', 'critical', null],
    ]);
  });
});
