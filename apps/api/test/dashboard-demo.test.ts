import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_DAYS, seededRandom, shopHoursOf } from '../src/demo-data/fleet.ts';
import { seedDemoShots } from '../src/demo-data/seed-shots.ts';
import { deviceGround, insertDevice } from './device-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * The demo's shots: raw rows and the counts the dashboard reads, written together by the seed, agree
 * to the shot per UTC hour and per UTC day, and the dashboard shows them.
 */
let ctx: TestContext;
let staffToken: string;
let ground: Awaited<ReturnType<typeof deviceGround>>;
const DAY_MS = 86_400_000;
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
  ground = await deviceGround(ctx);
  const { deviceId, macAddress } = await insertDevice(ctx, ground);
  // The start of today in São Paulo (UTC−3): the four weeks of history then hold whole shop days,
  // whatever the hour the suite runs at (from 10:00 there, today has shots only once the mall opens).
  const now = new Date(
    Math.floor((Date.now() - SAO_PAULO_OFFSET_MS) / DAY_MS) * DAY_MS + SAO_PAULO_OFFSET_MS,
  );
  await seedDemoShots(
    ctx.db,
    [
      {
        deviceId,
        macAddress,
        locationId: ground.locationId,
        campaignId: ground.campaignId,
        collection: [{ slot: 1, fragranceId: ground.fragranceId }],
        schedule: shopHoursOf('Shopping Demo'),
        timeZone: 'America/Sao_Paulo',
        from: new Date(now.getTime() - HISTORY_DAYS * DAY_MS),
        until: new Date(now.getTime() - 60_000),
      },
    ],
    seededRandom(26),
    now,
  );
});
afterAll(() => ctx.close());

describe('the demo shots', () => {
  it('keep daily counts equal to the hourly counts and to the raw shots of each UTC day', async () => {
    const days = await ctx.query<{ day: string; raw: number; hourly: number; daily: number }>(sql`
      with raw as (select (shot_at at time zone 'UTC')::date as day, sum(count)::int as shots from shots group by 1),
        hourly as (select (hour at time zone 'UTC')::date as day, sum(shots)::int as shots from shot_counts_hourly group by 1)
      select coalesce(r.day, h.day, d.day)::text as day, r.shots as raw, h.shots as hourly, d.shots::int as daily
      from raw r full join hourly h on h.day = r.day full join shot_counts_daily d on d.day = coalesce(r.day, h.day)
      order by 1`);
    // Several weeks of shots: the shop opens every day of the week, but an emptied capsule leaves its
    // slot empty for up to 36 hours, a UTC day or two without shots. Which days depends on the weekday
    // the four weeks start on: 26 to 28 days with this seed (a Monday's run has 26).
    expect(days.length).toBeGreaterThanOrEqual(HISTORY_DAYS - 3);
    for (const day of days) expect([day.day, day.hourly, day.daily]).toEqual([day.day, day.raw, day.raw]);
  });

  it("keep each device's hourly and daily counts equal to its raw shots (migration 0038)", async () => {
    const devices = await ctx.query<{ deviceId: number; raw: number; hourly: number; daily: number }>(sql`
      select s.device_id as "deviceId", sum(s.count)::int as raw,
        (select sum(shots)::int from shot_counts_device_hourly h where h.device_id = s.device_id) as hourly,
        (select sum(shots)::int from shot_counts_device_daily d where d.device_id = s.device_id) as daily
      from shots s group by s.device_id`);
    expect(devices.length).toBeGreaterThan(0);
    for (const device of devices) expect([device.hourly, device.daily]).toEqual([device.raw, device.raw]);
  });

  it('show on the dashboard: the default period’s total is the raw shots of its days', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/shots-fragrance?organizationId=${ground.organizationId}`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(response.statusCode).toBe(200);
    const [{ total }] = (await ctx.query<{ total: number }>(
      sql`select sum(count)::int as total from shots`,
    )) as [{ total: number }];
    // The history (four weeks) lies inside the default 30 days of São Paulo.
    expect(response.json()).toEqual([
      { fragranceId: ground.fragranceId, fragranceName: expect.any(String), shotsTotal: total },
    ]);
    expect(total).toBeGreaterThan(0);
  });
});
