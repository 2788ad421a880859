import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRangesOf } from '../src/lib/count-period.ts';
import { DashboardRepository } from '../src/modules/dashboard/dashboard.repository.ts';
import { runShotRollupsJob } from '../src/modules/dashboard/shot-rollups-job.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * The dashboard's roll-ups (migration 0029): a timed job rolls the daily counts up to a watermark,
 * ingestion adds late shots below it, and the dashboard reads roll-ups up to the watermark and the
 * daily counts after it. At every moment the roll-ups equal the sums of the daily counts up to the
 * watermark, the daily sums (fleet, location) the sums of every daily count, and every answer equals
 * the raw shots.
 */
let ctx: TestContext;
let staffToken: string;
let fixture: DeviceFixture;
let other: DeviceFixture;
let devices: Awaited<ReturnType<typeof deviceOf>>[];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
const TODAY = isoDay(Date.now());

beforeAll(async () => {
  ctx = await createTestApp({ ALERTS_INTERVAL_MINUTES: '1440' });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
  fixture = await createDeviceFixture(ctx, { locations: 2, fragrances: 3 });
  other = await createDeviceFixture(ctx, { locations: 1, fragrances: 2 });
  devices = [await deviceOf(fixture, 0), await deviceOf(fixture, 1), await deviceOf(other, 0)];
});
afterAll(() => ctx.close());

type Shot = { at: string; slot: number; count: number };

async function deviceOf(owner: DeviceFixture, locationIndex: number) {
  const device = await owner.createDevice({ locationId: owner.locationIds[locationIndex] });
  const heartbeat = await owner.call(device.credential, {
    method: 'POST',
    url: '/api/device/heartbeat',
    payload: {
      firmwareVersion: '1.0',
      capsules: owner.fragranceIds.map((fragranceId, index) => ({
        slot: index + 1,
        serialNumber: `RLP-${device.id}-${index + 1}`,
        fragranceId,
        sizeShots: 1_000_000,
        remainingShots: 1_000_000,
      })),
    },
  });
  expect(heartbeat.statusCode, heartbeat.body).toBe(200);
  let sequence = 0;
  const send = async (shots: Shot[]) => {
    sequence += 1;
    const response = await owner.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence, shots },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Folded at once, so the fold meets the roll-up jobs the way ingestion did (migration 0050).
    await ctx.foldShots();
  };
  return { ...device, slots: owner.fragranceIds.length, send };
}

/** Shots at every `stepHours` hours from `fromDaysAgo` days ago to now, counts varying, spread over the devices. */
async function sendHistory(fromDaysAgo: number, stepHours: number, salt: number) {
  const now = Date.now();
  for (const [index, device] of devices.entries()) {
    const shots: Shot[] = [];
    for (let at = now - fromDaysAgo * DAY_MS + index * 37 * 60_000; at < now; at += stepHours * HOUR_MS) {
      const n = Math.floor(at / HOUR_MS) + salt;
      shots.push({ at: new Date(at).toISOString(), slot: 1 + (n % device.slots), count: 1 + (n % 7) });
    }
    for (let start = 0; start < shots.length; start += 200)
      await device.send(shots.slice(start, start + 200));
  }
}

const one = async <T>(statement: ReturnType<typeof sql>) => (await ctx.query<T>(statement))[0] as T;
const watermark = async () =>
  (await one<{ day: string }>(sql`select rolled_through::text as day from shot_rollup_state`)).day;

/** Rows where a roll-up differs from the sums of the daily counts up to the watermark (both ways): 0 when exact. */
async function rollupMismatches() {
  const row = await one<{ fleet: number; location: number; monthly: number }>(sql`
    with w as (select rolled_through from shot_rollup_state),
    daily as (select d.*, d.day - extract(day from d.day)::int + 1 as month from shot_counts_daily d, w where d.day <= w.rolled_through),
    fleet as (
      select 'day'::varchar as grain, day as starts_on, campaign_id, fragrance_id, sum(shots)::bigint as shots from daily group by 1, 2, 3, 4
      union all
      select 'month', month, campaign_id, fragrance_id, sum(shots)::bigint from daily group by 1, 2, 3, 4),
    location as (
      select 'day'::varchar as grain, day as starts_on, location_id, sum(shots)::bigint as shots from daily group by 1, 2, 3
      union all
      select 'month', month, location_id, sum(shots)::bigint from daily group by 1, 2, 3),
    monthly as (select location_id, month, campaign_id, fragrance_id, sum(shots)::bigint as shots from daily group by 1, 2, 3, 4)
    select
      (select count(*) from ((select * from fleet except all select grain, starts_on, campaign_id, fragrance_id, shots from shot_rollups_fleet)
        union all (select grain, starts_on, campaign_id, fragrance_id, shots from shot_rollups_fleet except all select * from fleet)) x)::int as fleet,
      (select count(*) from ((select * from location except all select grain, starts_on, location_id, shots from shot_rollups_location)
        union all (select grain, starts_on, location_id, shots from shot_rollups_location except all select * from location)) x)::int as location,
      (select count(*) from ((select * from monthly except all select location_id, month, campaign_id, fragrance_id, shots from shot_counts_monthly)
        union all (select location_id, month, campaign_id, fragrance_id, shots from shot_counts_monthly except all select * from monthly)) x)::int as monthly`);
  const hourly = await one<{ fleetHourly: number; locationHourly: number }>(sql`
    with hourly as (
      select h.* from shot_counts_hourly h, shot_rollup_state w
      where h.hour < (w.rolled_through + 1)::timestamp at time zone 'UTC'),
    fleet as (select hour, campaign_id, fragrance_id, sum(shots)::bigint as shots from hourly group by 1, 2, 3),
    location as (select hour, location_id, sum(shots)::bigint as shots from hourly group by 1, 2)
    select
      (select count(*) from ((select * from fleet except all select hour, campaign_id, fragrance_id, shots from shot_rollups_fleet_hourly)
        union all (select hour, campaign_id, fragrance_id, shots from shot_rollups_fleet_hourly except all select * from fleet)) x)::int as "fleetHourly",
      (select count(*) from ((select * from location except all select hour, location_id, shots from shot_rollups_location_hourly)
        union all (select hour, location_id, shots from shot_rollups_location_hourly except all select * from location)) x)::int as "locationHourly"`);
  // The sums of the daily counts (migration 0034) hold every day, whatever the watermark.
  const sums = await one<{ fleetDaily: number; locationDaily: number }>(sql`
    with fleet as (select day, campaign_id, fragrance_id, sum(shots)::bigint as shots from shot_counts_daily group by 1, 2, 3),
    location as (select day, location_id, sum(shots)::bigint as shots from shot_counts_daily group by 1, 2)
    select
      (select count(*) from ((select * from fleet except all select day, campaign_id, fragrance_id, shots from shot_counts_fleet_daily where shots <> 0)
        union all (select day, campaign_id, fragrance_id, shots from shot_counts_fleet_daily where shots <> 0 except all select * from fleet)) x)::int as "fleetDaily",
      (select count(*) from ((select * from location except all select day, location_id, shots from shot_counts_location_daily where shots <> 0)
        union all (select day, location_id, shots from shot_counts_location_daily where shots <> 0 except all select * from location)) x)::int as "locationDaily"`);
  return { ...row, ...hourly, ...sums };
}

const EXACT = {
  fleet: 0,
  location: 0,
  monthly: 0,
  fleetHourly: 0,
  locationHourly: 0,
  fleetDaily: 0,
  locationDaily: 0,
};

function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staffToken}` } });
}

type Period = { from: string; to: string; timeZone: string };

/** The UTC instants the dashboard counts for a period: its ends, widened to whole UTC hours. */
async function boundsOf(period: Period) {
  const row = await one<{ start: number; end: number }>(sql`
    select extract(epoch from (${period.from}::date::timestamp at time zone ${period.timeZone}))::float8 as start,
      extract(epoch from ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone}))::float8 as end`);
  return {
    start: new Date(Math.floor((Number(row.start) * 1000) / HOUR_MS) * HOUR_MS).toISOString(),
    end: new Date(Math.ceil((Number(row.end) * 1000) / HOUR_MS) * HOUR_MS).toISOString(),
  };
}

/** Per fragrance, from the raw shots: what the charts must answer. */
async function rawByFragrance(period: Period, filter: { organizationId?: number; locationId?: number }) {
  const { start, end } = await boundsOf(period);
  const rows = await ctx.query<{ fragranceId: number; shots: number }>(sql`
    select s.fragrance_id as "fragranceId", sum(s.count)::int as shots from shots s join locations l on l.id = s.location_id
    where s.shot_at >= ${start}::timestamptz and s.shot_at < ${end}::timestamptz
      and (${filter.organizationId ?? null}::int is null or l.organization_id = ${filter.organizationId ?? null}::int)
      and (${filter.locationId ?? null}::int is null or l.id = ${filter.locationId ?? null}::int)
    group by 1 order by 1`);
  return Object.fromEntries(rows.map((row) => [row.fragranceId, row.shots]));
}

async function rawByLocation(period: Period) {
  const { start, end } = await boundsOf(period);
  const rows = await ctx.query<{ locationId: number; shots: number }>(sql`
    select location_id as "locationId", sum(count)::int as shots from shots
    where shot_at >= ${start}::timestamptz and shot_at < ${end}::timestamptz group by 1`);
  return Object.fromEntries(rows.map((row) => [row.locationId, row.shots]));
}

async function answeredByFragrance(period: Period, filter: { organizationId?: number; locationId?: number }) {
  const params = new URLSearchParams({ ...period });
  if (filter.organizationId) params.set('organizationId', String(filter.organizationId));
  if (filter.locationId) params.set('locationId', String(filter.locationId));
  const response = await get(`/api/shots-fragrance?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as { fragranceId: number; shotsTotal: number }[];
  return Object.fromEntries(
    answer.sort((a, b) => a.fragranceId - b.fragranceId).map((row) => [row.fragranceId, row.shotsTotal]),
  );
}

async function answeredByLocation(period: Period) {
  const response = await get(
    `/api/dashboard/sites?${new URLSearchParams({ ...period, groupBy: 'location', perPage: '50' })}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { data: rows, total } = response.json() as {
    data: { locationId: number; shots: number }[];
    total: number;
  };
  expect(total).toBeLessThanOrEqual(50);
  return Object.fromEntries(rows.filter((row) => row.shots > 0).map((row) => [row.locationId, row.shots]));
}

/** The organisation's one row of the sites table (its daily sums and its ragged hours): its shots. */
async function answeredForOrganization(period: Period, organizationId: number) {
  const params = new URLSearchParams({ ...period, organizationId: String(organizationId) });
  const response = await get(`/api/dashboard/sites?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  const { data: rows } = response.json() as { data: { organizationId: number; shots: number }[] };
  expect(rows.map((row) => row.organizationId)).toEqual([organizationId]);
  return rows[0]?.shots;
}

/** Every question the dashboard reads roll-ups for, against the raw shots. */
async function expectAnswersExact(period: Period) {
  for (const filter of [
    {},
    { organizationId: fixture.organizationId },
    { locationId: fixture.locationIds[1] },
  ])
    expect(await answeredByFragrance(period, filter), JSON.stringify({ period, filter })).toEqual(
      await rawByFragrance(period, filter),
    );
  expect(await answeredByLocation(period), JSON.stringify(period)).toEqual(await rawByLocation(period));
  const organizationShots = Object.values(
    await rawByFragrance(period, { organizationId: fixture.organizationId }),
  ).reduce((sum, shots) => sum + shots, 0);
  expect(await answeredForOrganization(period, fixture.organizationId), JSON.stringify(period)).toBe(
    organizationShots,
  );
}

describe('the shot roll-ups', () => {
  it('equal the sums of the daily counts after ingestion and the job, and the job is idempotent', async () => {
    // The watermark set back 80 days (as if the job had not run since), then 75 days of shots.
    await ctx.query(sql`select rebuild_shot_rollups(${addDays(TODAY, -80)}::date)`);
    await sendHistory(75, 5, 0);
    expect(await rollupMismatches()).toEqual(EXACT);
    const first = await runShotRollupsJob(ctx.db);
    expect(first.rolledThrough).toBe(addDays(TODAY, -1));
    expect(await watermark()).toBe(addDays(TODAY, -1));
    expect(first.steps).toBeGreaterThanOrEqual(75);
    expect(await rollupMismatches()).toEqual(EXACT);
    const total = await one<{ shots: number }>(
      sql`select sum(shots)::int as shots from shot_rollups_fleet where grain = 'day'`,
    );
    const daily = await one<{ shots: number }>(
      sql`select sum(shots)::int as shots from shot_counts_daily where day < ${TODAY}::date`,
    );
    expect(total.shots).toBeGreaterThan(0);
    expect(total.shots).toBe(daily.shots);
    // Again: nothing left to do, nothing counted twice.
    expect(await runShotRollupsJob(ctx.db)).toEqual({ steps: 0, rolledThrough: null });
    expect(await rollupMismatches()).toEqual(EXACT);
  });

  it('count a late shot on a day already rolled up, exactly', async () => {
    const day = addDays(TODAY, -40);
    const before = await one<{ shots: number }>(sql`
      select coalesce(sum(shots), 0)::int as shots from shot_rollups_fleet where grain = 'day' and starts_on = ${day}::date`);
    await devices[0]?.send([{ at: `${day}T12:34:00Z`, slot: 2, count: 9 }]);
    const after = await one<{ shots: number }>(sql`
      select coalesce(sum(shots), 0)::int as shots from shot_rollups_fleet where grain = 'day' and starts_on = ${day}::date`);
    expect(after.shots - before.shots).toBe(9);
    expect(await rollupMismatches()).toEqual(EXACT);
    await expectAnswersExact({ from: addDays(TODAY, -70), to: TODAY, timeZone: 'UTC' });
  });

  it('answer every period like the raw shots, whatever the watermark, across month starts and in zones off by minutes', async () => {
    const periods: Period[] = [
      { from: addDays(TODAY, -75), to: TODAY, timeZone: 'UTC' },
      { from: addDays(TODAY, -66), to: addDays(TODAY, -3), timeZone: 'Australia/Adelaide' },
      { from: addDays(TODAY, -59), to: addDays(TODAY, -20), timeZone: 'America/St_Johns' },
      { from: addDays(TODAY, -45), to: addDays(TODAY, -1), timeZone: 'Asia/Tokyo' },
      { from: addDays(TODAY, -30), to: addDays(TODAY, -29), timeZone: 'America/Sao_Paulo' },
    ];
    // The watermark before the history, inside it, on a month's last and first day, and yesterday.
    const monthStart = `${addDays(TODAY, -35).slice(0, 8)}01`;
    const watermarks = [
      addDays(TODAY, -90),
      addDays(TODAY, -50),
      addDays(monthStart, -1),
      monthStart,
      addDays(TODAY, -1),
    ];
    for (const through of watermarks) {
      await ctx.query(sql`select rebuild_shot_rollups(${through}::date)`);
      expect(await rollupMismatches()).toEqual(EXACT);
      for (const period of periods) await expectAnswersExact(period);
    }
  }, 120_000);

  it('leave nothing half done when a step fails: its transaction rolls back whole', async () => {
    await ctx.query(sql`select rebuild_shot_rollups(${addDays(TODAY, -60)}::date)`);
    const failed = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select roll_up_shot_counts(${addDays(TODAY, -1)}::date)`);
      await tx.execute(sql`select roll_up_shot_counts(${addDays(TODAY, -1)}::date)`);
      throw new Error('killed mid-run');
    });
    await expect(failed).rejects.toThrow('killed mid-run');
    expect(await watermark()).toBe(addDays(TODAY, -60));
    expect(await rollupMismatches()).toEqual(EXACT);
    const run = await runShotRollupsJob(ctx.db);
    expect(run.rolledThrough).toBe(addDays(TODAY, -1));
    expect(await rollupMismatches()).toEqual(EXACT);
  });

  it('stay exact with two jobs and late shots at the same moment', async () => {
    await ctx.query(sql`select rebuild_shot_rollups(${addDays(TODAY, -30)}::date)`);
    const late = async (device: (typeof devices)[number], daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
      await device.send([
        { at, slot: 1, count: 3 },
        { at: `${addDays(TODAY, -daysAgo - 20)}T03:00:00Z`, slot: 1, count: 2 },
      ]);
    };
    const [one, two] = await Promise.all([
      runShotRollupsJob(ctx.db),
      runShotRollupsJob(ctx.db),
      ...devices.flatMap((device) => [late(device, 2), late(device, 10), late(device, 25)]),
    ]);
    // Each day rolled up once, by one job or the other.
    const steps = (one?.steps ?? 0) + (two?.steps ?? 0);
    const days = await one2(sql`
      select count(distinct day)::int as n from shot_counts_daily where day > ${addDays(TODAY, -30)}::date and day < ${TODAY}::date`);
    expect(steps).toBeGreaterThanOrEqual(1);
    expect(steps).toBeLessThanOrEqual(days.n + 1);
    expect(await watermark()).toBe(addDays(TODAY, -1));
    expect(await rollupMismatches()).toEqual(EXACT);
    await expectAnswersExact({ from: addDays(TODAY, -60), to: TODAY, timeZone: 'America/Sao_Paulo' });
  });

  it("read the watermark's month so far as its month row, and by day once the job has moved the watermark on since", async () => {
    // A reader that took the watermark before the job moved it on: the month row of that watermark's
    // month now holds days that the reader counts from the daily counts, so it must read the days.
    const stale = addDays(TODAY, -5);
    await ctx.query(sql`select rebuild_shot_rollups(${addDays(TODAY, -1)}::date)`);
    const repository = new DashboardRepository(ctx.db);
    Object.assign(repository, { rolledThrough: async () => stale });
    const period = { from: addDays(TODAY, -60), to: TODAY, timeZone: 'UTC' };
    for (const filter of [{}, { organizationId: fixture.organizationId }]) {
      const counts = await repository.campaignFragranceCounts(countRangesOf(period), filter);
      const byFragrance: Record<number, number> = {};
      for (const row of counts)
        byFragrance[row.fragranceId] = (byFragrance[row.fragranceId] ?? 0) + row.shots;
      expect(byFragrance, JSON.stringify(filter)).toEqual(await rawByFragrance(period, filter));
    }
    // With the watermark as read, the same question reads the month row, and answers the same.
    await ctx.query(sql`select rebuild_shot_rollups(${stale}::date)`);
    await expectAnswersExact(period);
  });
});

const one2 = (statement: ReturnType<typeof sql>) => one<{ n: number }>(statement);
