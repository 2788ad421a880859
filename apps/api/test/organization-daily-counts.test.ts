import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRangesOf } from '../src/lib/count-period.ts';
import {
  type CampaignFragranceCount,
  DashboardRepository,
} from '../src/modules/dashboard/dashboard.repository.ts';
import { createDeviceFixture, type DeviceFixture, deviceWithCapsules, type Shot } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * Each organisation's daily sums (migration 0042): kept by the daily counts' triggers, they answer a
 * period filtered by one organisation (a member who sees all of it) as the organisation's locations'
 * counts do (a location-limited member's path), across São Paulo's midnight, after ingestion and after
 * a location moves to another organisation.
 */
let ctx: TestContext;
let mine: DeviceFixture;
let theirs: DeviceFixture;
let repository: DashboardRepository;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const TODAY = isoDay(Date.now());
const daysAgo = (days: number) => isoDay(Date.now() - days * DAY_MS);

beforeAll(async () => {
  ctx = await createTestApp({ ALERTS_INTERVAL_MINUTES: '1440' });
  mine = await createDeviceFixture(ctx, { locations: 2, fragrances: 2 });
  theirs = await createDeviceFixture(ctx, { locations: 1, fragrances: 2 });
  repository = new DashboardRepository(ctx.db);
  const devices = [
    await deviceWithCapsules(mine, 'ODC', 0),
    await deviceWithCapsules(mine, 'ODC', 1),
    await deviceWithCapsules(theirs, 'ODC', 0),
  ];
  // Every 50 minutes for 12 days, so that every hour either side of São Paulo's midnight (03:00 UTC) has shots.
  for (const [index, device] of devices.entries()) {
    const shots: Shot[] = [];
    for (let at = Date.now() - 12 * DAY_MS + index * 7 * 60_000; at < Date.now(); at += 50 * 60_000) {
      const n = Math.floor(at / HOUR_MS) + index;
      shots.push({ at: new Date(at).toISOString(), slot: 1 + (n % 2), count: 1 + (n % 5) });
    }
    for (let start = 0; start < shots.length; start += 200)
      await device.send(shots.slice(start, start + 200));
  }
}, 120_000);
afterAll(() => ctx?.close());

const byKey = (rows: CampaignFragranceCount[]) =>
  Object.fromEntries(rows.map((row) => [`${row.campaignId}/${row.fragranceId}`, row.shots]));

/** Rows of the organisations' daily sums that differ from the daily counts summed by the locations' organisation. */
async function sumMismatches() {
  const [row] = await ctx.query<{ n: number }>(sql`
    with expected as (
      select l.organization_id, d.day, d.campaign_id, d.fragrance_id, sum(d.shots)::bigint as shots
      from shot_counts_daily d join locations l on l.id = d.location_id group by 1, 2, 3, 4),
    kept as (
      select organization_id, day, campaign_id, fragrance_id, shots from shot_counts_organization_daily where shots <> 0)
    select count(*)::int as n from ((select * from expected except all select * from kept)
      union all (select * from kept except all select * from expected)) x`);
  return row?.n;
}

async function expectBothPathsEqual(fixture: DeviceFixture) {
  const periods = [
    { from: daysAgo(3), to: daysAgo(2), timeZone: 'America/Sao_Paulo' },
    { from: daysAgo(10), to: TODAY, timeZone: 'America/Sao_Paulo' },
    { from: daysAgo(1), to: TODAY, timeZone: 'America/Sao_Paulo' },
    { from: daysAgo(6), to: daysAgo(6), timeZone: 'Asia/Kolkata' },
  ];
  for (const period of periods) {
    const ranges = countRangesOf(period);
    const [locations] = await ctx.query<{ ids: number[] }>(
      sql`select array_agg(id order by id) as ids from locations where organization_id = ${fixture.organizationId}`,
    );
    const bySums = await repository.campaignFragranceCounts(ranges, {
      organizationId: fixture.organizationId,
    });
    const byLocations = await repository.campaignFragranceCounts(ranges, {
      organizationId: fixture.organizationId,
      locationIds: locations?.ids ?? [],
    });
    expect(Object.keys(byKey(bySums)).length, JSON.stringify(period)).toBeGreaterThan(0);
    expect(byKey(bySums), JSON.stringify(period)).toEqual(byKey(byLocations));
  }
}

describe("each organisation's daily sums", () => {
  it('equal the daily counts summed by organisation after ingestion', async () => {
    const [kept] = await ctx.query<{ n: number }>(
      sql`select count(*)::int as n from shot_counts_organization_daily where organization_id = ${mine.organizationId}`,
    );
    expect(kept?.n).toBeGreaterThan(0);
    expect(await sumMismatches()).toBe(0);
  });

  it("answer an organisation's period as its locations' counts do, across São Paulo's midnight", async () => {
    await expectBothPathsEqual(mine);
    await expectBothPathsEqual(theirs);
  });

  it('follow a location moved to another organisation', async () => {
    await ctx.query(
      sql`update locations set organization_id = ${theirs.organizationId} where id = ${mine.locationIds[1]}`,
    );
    expect(await sumMismatches()).toBe(0);
    await expectBothPathsEqual(mine);
    await expectBothPathsEqual(theirs);
  });
});
