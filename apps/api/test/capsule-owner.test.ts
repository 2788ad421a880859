import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGround, insertCapsule, insertDevice } from './device-fixtures.ts';
import { asMember } from './row-security-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * A capsule's copies of its device's organisation and location (migration 0055), which its row-level
 * security policy reads instead of the device: they follow every way a capsule's owner changes, and a
 * member sees a capsule exactly while they see its device.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** Each capsule's copies against its device's own columns (null, null without a device). */
const copiesOf = async (capsuleIds: number[]) =>
  ctx.query<{ id: number; copied: string; device: string }>(sql`select c.id,
      concat_ws('/', c.organization_id, c.location_id) as copied,
      concat_ws('/', d.organization_id, d.location_id) as device
    from capsules c left join devices d on d.id = c.device_id
    where c.id = any(${`{${capsuleIds.join(',')}}`}::int[]) order by c.id`);
const expectCopiesRight = async (capsuleIds: number[]) => {
  const rows = await copiesOf(capsuleIds);
  expect(rows).toHaveLength(capsuleIds.length);
  for (const row of rows) expect(row.copied, `capsule ${row.id}`).toBe(row.device);
};
const seenBy = async (organizationId: number, locationIds: number[] | null, capsuleId: number) =>
  (await asMember(ctx, { organizationId, locationIds }, sql`select id from capsules where id = ${capsuleId}`))
    .rows.length;

describe('a capsule’s organisation and location', () => {
  it('are its device’s on insert, and follow the device, its location and the capsule’s own moves', async () => {
    const a = await deviceGround(ctx);
    const b = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, a);
    const { deviceId: deviceOfB } = await insertDevice(ctx, b);
    const { capsuleId: first } = await insertCapsule(ctx, { deviceId, slot: 1, fragranceId: a.fragranceId });
    const { capsuleId: second } = await insertCapsule(ctx, { deviceId, slot: 2, fragranceId: a.fragranceId });
    const { capsuleId: inStock } = await insertCapsule(ctx, {
      deviceId: null,
      slot: null,
      fragranceId: a.fragranceId,
    });
    const capsules = [first, second, inStock];
    expect((await copiesOf(capsules)).map((row) => row.copied)).toEqual([
      `${a.organizationId}/${a.locationId}`,
      `${a.organizationId}/${a.locationId}`,
      '',
    ]);
    expect([
      await seenBy(a.organizationId, null, first),
      await seenBy(b.organizationId, null, first),
    ]).toEqual([1, 0]);

    // The staff's capsules list filtered by organisation reads the same copies.
    const staff = await ctx.createAccount({ profile: 'OPERADOR' });
    const { token } = await ctx.signIn(staff.email, staff.password);
    const listed = async (organizationId: number) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/capsules?organizationId=${organizationId}&orderBy=SerialNumber`,
        headers: { authorization: `Bearer ${token}` },
      });
      return (response.json() as { data: { capsuleId: number }[] }).data.map((row) => row.capsuleId).sort();
    };
    expect([await listed(a.organizationId), await listed(b.organizationId)]).toEqual([
      [first, second].sort(),
      [],
    ]);

    // The device moved to another organisation's location.
    await ctx.query(sql`update devices set location_id = ${b.locationId} where id = ${deviceId}`);
    expect([await listed(a.organizationId), await listed(b.organizationId)]).toEqual([
      [],
      [first, second].sort(),
    ]);
    await expectCopiesRight(capsules);
    expect((await copiesOf([first]))[0]?.copied).toBe(`${b.organizationId}/${b.locationId}`);
    expect([
      await seenBy(a.organizationId, null, first),
      await seenBy(b.organizationId, null, first),
    ]).toEqual([0, 1]);
    expect(await seenBy(b.organizationId, [a.locationId], first)).toBe(0);
    expect(await seenBy(b.organizationId, [b.locationId], first)).toBe(1);

    // Another location of the same organisation.
    const [other] = await ctx.query<{
      id: number;
    }>(sql`insert into locations (organization_id, name, country, time_zone)
      values (${b.organizationId}, 'Outra loja', 'BR', 'America/Sao_Paulo') returning id`);
    await ctx.query(sql`update devices set location_id = ${other?.id} where id = ${deviceId}`);
    await expectCopiesRight(capsules);
    expect(await seenBy(b.organizationId, [b.locationId], first)).toBe(0);
    expect(await seenBy(b.organizationId, [Number(other?.id)], first)).toBe(1);

    // That location carried to organisation A, its device and capsules with it.
    await ctx.query(sql`update locations set organization_id = ${a.organizationId} where id = ${other?.id}`);
    await expectCopiesRight(capsules);
    expect((await copiesOf([second]))[0]?.copied).toBe(`${a.organizationId}/${other?.id}`);
    expect([
      await seenBy(a.organizationId, null, second),
      await seenBy(b.organizationId, null, second),
    ]).toEqual([1, 0]);

    // A capsule taken out, then put into B's device; the one in stock put into A's device.
    await ctx.query(sql`update capsules set device_id = null, slot = null where id = ${first}`);
    await expectCopiesRight(capsules);
    expect(await seenBy(a.organizationId, null, first)).toBe(0);
    await ctx.query(sql`update capsules set device_id = ${deviceOfB}, slot = 1 where id = ${first}`);
    await ctx.query(sql`update capsules set device_id = ${deviceId}, slot = 1 where id = ${inStock}`);
    await expectCopiesRight(capsules);
    expect((await copiesOf([first]))[0]?.copied).toBe(`${b.organizationId}/${b.locationId}`);
    expect(await seenBy(b.organizationId, null, first)).toBe(1);
    expect(await seenBy(a.organizationId, null, inStock)).toBe(1);

    // The copies written directly get the device's values back.
    await ctx.query(sql`update capsules set organization_id = ${b.organizationId}, location_id = ${b.locationId}
      where id = ${second}`);
    await expectCopiesRight(capsules);
    expect(await seenBy(b.organizationId, null, second)).toBe(0);
  });
});
