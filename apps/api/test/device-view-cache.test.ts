import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { beat, heardDevice as heardFixtureDevice } from './device-view-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// The device views an instance keeps (modules/device-api/device-view-cache.ts): answered without a
// read while nothing changed, and right again at the next request after anything a device is told
// changed, whoever changed it, once the database's notification has reached the instance.

let ctx: TestContext;
let fixture: DeviceFixture;
let staffToken: string;

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await createDeviceFixture(ctx, { fragrances: 2 });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
});
afterAll(() => ctx.close());

const views = () => ctx.app.deviceViews;
const heardDevice = (options: { locationId?: number } = {}) => heardFixtureDevice(fixture, options);

describe('a device view kept by the instance', () => {
  it('answers unchanged heartbeats and fetches of a known version without reading it again', async () => {
    const { heartbeat, config } = await heardDevice();
    const etag = (await config()).headers.etag as string;
    // What its first heartbeat and download changed has reached the instance: the next read is kept.
    await views().caughtUp();
    expect((await heartbeat()).statusCode).toBe(200);
    const before = views().stats();
    for (let round = 0; round < 3; round += 1) {
      expect((await heartbeat()).statusCode).toBe(200);
      expect((await config(etag)).statusCode).toBe(304);
    }
    const after = views().stats();
    expect(after.isListening).toBe(true);
    expect(after.hits - before.hits).toBe(6);
    expect(after.misses).toBe(before.misses);
  });

  it('answers the levels the device’s shot batches left', async () => {
    const { device, heartbeat } = await heardDevice();
    await beat(heartbeat);
    for (const [sequence, count] of [
      [1, 7],
      [2, 5],
    ] as const) {
      const shots = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: { sequence, shots: [{ at: new Date().toISOString(), slot: 2, count }] },
      });
      expect(shots.statusCode).toBe(200);
      // The levels change when the batch is folded (migration 0050); its notification follows.
      await ctx.foldShots();
      await views().caughtUp();
      const levels = (await beat(heartbeat)).capsules.map((capsule) => capsule.remainingShots);
      expect(levels).toEqual([1000, 1000 - (sequence === 1 ? 7 : 12)]);
    }
  });

  it('answers a batch’s levels at the next heartbeat, before the batch is folded', async () => {
    const { device, heartbeat } = await heardDevice();
    await views().caughtUp();
    await beat(heartbeat);
    const shots = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 1, shots: [{ at: new Date().toISOString(), slot: 1, count: 4 }] },
    });
    expect(shots.statusCode).toBe(200);
    expect(shots.json().capsules).toEqual([{ slot: 1, remainingShots: 996 }]);
    // Not folded yet (the test app folds only when asked): the answer's levels, not the older ones.
    const levels = (await beat(heartbeat)).capsules.map((capsule) => capsule.remainingShots);
    expect(levels).toEqual([996, 1000]);
    await ctx.foldShots();
    await views().caughtUp();
    expect((await beat(heartbeat)).capsules.map((capsule) => capsule.remainingShots)).toEqual([996, 1000]);
  });

  it('follows a campaign renamed, its collection changed, and the location’s schedule', async () => {
    const { heartbeat, config, device } = await heardDevice();
    const versions = [(await beat(heartbeat)).configVersion];
    const changes = [
      sql`update campaigns set name = name || ' (v)', updated_at = now() + interval '2 seconds' where id = ${fixture.campaignId}`,
      sql`update campaign_slots set shot_seconds = shot_seconds + 1 where campaign_id = ${fixture.campaignId} and slot = 1`,
      sql`update fragrances set name = name || ' (v)' where id = ${fixture.fragranceIds[0] as number}`,
      sql`update locations set schedule = ${JSON.stringify({ ranges: [{ weekday: 1, start: '08:00', end: '18:00', intensity: 30 }] })}::jsonb
          where id = (select location_id from devices where id = ${device.id})`,
    ];
    for (const change of changes) {
      await ctx.query(change);
      await views().caughtUp();
      const version = (await beat(heartbeat)).configVersion;
      expect(versions).not.toContain(version);
      versions.push(version);
      const fetched = await config(`"${versions.at(-2)}"`);
      expect(fetched.statusCode).toBe(200);
      expect((fetched.json() as { version: string }).version).toBe(version);
    }
  });

  it('plays an initiative’s campaign from its approval, and its own again when it is withdrawn', async () => {
    const [location] = fixture.locationIds as [number];
    const { heartbeat, config } = await heardDevice({ locationId: location });
    const [other] = await ctx.query<{ id: number }>(
      sql`insert into campaigns (name) values (${`Inverno ${Date.now()}`}) returning id`,
    );
    const [initiative] = await ctx.query<{ id: number }>(sql`
      insert into initiatives (title, organization_id, campaign_id, starts_on, ends_on)
      values ('Inverno na loja', ${fixture.organizationId}, ${other?.id}, current_date - 1, current_date + 1)
      returning id`);
    await ctx.query(
      sql`insert into initiative_locations (initiative_id, location_id) values (${initiative?.id}, ${location})`,
    );
    const own = (await config()).json() as { campaign: { campaignId: number } };
    expect(own.campaign.campaignId).toBe(fixture.campaignId);
    await beat(heartbeat);

    await ctx.query(sql`update initiatives set status = 'approved' where id = ${initiative?.id}`);
    await views().caughtUp();
    const played = (await config()).json() as { campaign: { campaignId: number; initiativeId: number } };
    expect(played.campaign).toMatchObject({ campaignId: other?.id, initiativeId: initiative?.id });

    await ctx.query(sql`delete from initiative_locations where initiative_id = ${initiative?.id}`);
    await views().caughtUp();
    expect(((await config()).json() as typeof own).campaign.campaignId).toBe(fixture.campaignId);
  });

  it('knows at once that a capsule was taken by another device’s heartbeat', async () => {
    const holder = await heardDevice();
    const claimant = await heardDevice();
    await beat(holder.heartbeat);
    // The holder silent past the hold: the claimant's report takes its slot 2 capsule.
    await ctx.query(sql`update device_states set last_heartbeat_at = now() - interval '16 minutes'
      where device_id = ${holder.device.id}`);
    const taken = holder.body.capsules[1] as (typeof holder.body.capsules)[number];
    const claimed = await beat(() =>
      claimant.heartbeat({ ...claimant.body, capsules: [...claimant.body.capsules, { ...taken, slot: 3 }] }),
    );
    expect(claimed.capsules.map((capsule) => capsule.serialNumber)).toContain(taken.serialNumber);
    await views().caughtUp();
    // The holder still reports it: the full path answers where it is now (held by the claimant).
    const answer = await beat(holder.heartbeat);
    expect(answer.capsules.map((capsule) => capsule.serialNumber)).toEqual([
      holder.body.capsules[0]?.serialNumber,
    ]);
  });

  it('refuses a credential reprovisioned by staff at its next request', async () => {
    const { device, heartbeat } = await heardDevice();
    await beat(heartbeat);
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/api/devices/reprovision/${device.id}`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(reset.statusCode).toBeLessThan(300);
    await views().caughtUp();
    expect((await heartbeat()).statusCode).toBe(401);
  });
});
