import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, deviceWithCapsules } from './device-fixture.ts';
import { deviceGround } from './device-fixtures.ts';
import { asMember } from './row-security-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The hourly counts' copy of their location's organisation (migration 0062), which their row-level
 * security policy reads instead of the location: it is the location's on insert (given or not), follows
 * a location moved to another organisation, comes back when written directly, and a member sees an
 * hourly row exactly while they see its location; the fold writes it itself.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const HOUR = '2026-11-02T10:00:00Z';

const copiesOf = (locationIds: number[]) =>
  ctx.query<{ location: number; copied: number | null; parent: number }>(sql`
    select h.location_id as location, h.organization_id as copied, l.organization_id as parent
    from shot_counts_hourly h join locations l on l.id = h.location_id
    where h.location_id = any(${`{${locationIds.join(',')}}`}::int[])`);

const expectCopiesRight = async (locationIds: number[], rows: number) => {
  const copies = await copiesOf(locationIds);
  expect(copies).toHaveLength(rows);
  for (const row of copies) expect(row.copied, `location ${row.location}`).toBe(row.parent);
};

/** How many hourly rows a member sees of a location. */
const seenBy = async (organizationId: number, locationIds: number[] | null, locationId: number) =>
  (
    await asMember<{ rows: number }>(
      ctx,
      { organizationId, locationIds },
      sql`select count(*)::int as rows from shot_counts_hourly where location_id = ${locationId}`,
    )
  ).rows[0]?.rows;

describe('an hourly count’s organisation', () => {
  it('is its location’s, follows the location’s moves, and a member sees the row exactly with it', async () => {
    const a = await deviceGround(ctx);
    const b = await deviceGround(ctx);
    // Left out: the insert trigger gives it.
    await ctx.query(sql`insert into shot_counts_hourly (hour, location_id, campaign_id, fragrance_id, shots)
      values (${HOUR}, ${a.locationId}, ${a.campaignId}, ${a.fragranceId}, 3),
             (${HOUR}, ${b.locationId}, ${b.campaignId}, ${b.fragranceId}, 4)`);
    await expectCopiesRight([a.locationId, b.locationId], 2);
    expect(await seenBy(a.organizationId, null, a.locationId)).toBe(1);
    expect(await seenBy(a.organizationId, [a.locationId], a.locationId)).toBe(1);
    expect(await seenBy(a.organizationId, [b.locationId], a.locationId)).toBe(0);
    expect(await seenBy(b.organizationId, null, a.locationId)).toBe(0);
    expect(await seenBy(a.organizationId, null, b.locationId)).toBe(0);

    // A's location moved to B: its hourly rows go with it.
    await ctx.query(
      sql`update locations set organization_id = ${b.organizationId} where id = ${a.locationId}`,
    );
    await expectCopiesRight([a.locationId, b.locationId], 2);
    expect(await seenBy(a.organizationId, null, a.locationId)).toBe(0);
    expect(await seenBy(b.organizationId, null, a.locationId)).toBe(1);
    expect(await seenBy(b.organizationId, [b.locationId], a.locationId)).toBe(0);

    // Written directly: the location's value comes back; the counts' own update leaves it alone.
    await ctx.query(sql`update shot_counts_hourly set organization_id = ${a.organizationId}
      where location_id = ${a.locationId}`);
    await ctx.query(
      sql`update shot_counts_hourly set organization_id = null where location_id = ${b.locationId}`,
    );
    await ctx.query(sql`update shot_counts_hourly set shots = shots + 1 where location_id = ${a.locationId}`);
    await expectCopiesRight([a.locationId, b.locationId], 2);
  });

  it('is written by the fold, with the insert trigger held off', async () => {
    const fixture = await createDeviceFixture(ctx, { fragrances: 1, locations: 2 });
    const device = await deviceWithCapsules(fixture, 'HOURLY-OWNER', 1);
    // The fold gives the column itself: with the trigger that fills a missing one disabled, every row
    // it writes still carries its location's organisation (no trigger call a row on the batch's path).
    await ctx.query(sql`alter table shot_counts_hourly disable trigger shot_counts_hourly_owner`);
    try {
      await device.send([{ at: new Date(Date.now() - 60_000).toISOString(), slot: 1, count: 2 }]);
    } finally {
      await ctx.query(sql`alter table shot_counts_hourly enable trigger shot_counts_hourly_owner`);
    }
    await expectCopiesRight([fixture.locationIds[1] as number], 1);
  });
});
