import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from './test-app.ts';

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

type Answer = { statusCode: number; json: () => unknown; headers: Record<string, unknown> };
type HeartbeatAnswer = {
  configVersion: string;
  capsules: { slot: number; serialNumber: string; remainingShots: number }[];
};

/** A device heard from once, with two capsules serialled apart from other tests'. */
async function heardDevice(options: { locationId?: number } = {}) {
  const device = await fixture.createDevice(options);
  const [first, second] = fixture.fragranceIds as [number, number];
  const body = {
    firmwareVersion: '1.0.0',
    capsules: [
      {
        slot: 1,
        serialNumber: `V-${device.id}-1`,
        fragranceId: first,
        sizeShots: 1000,
        remainingShots: 1000,
      },
      {
        slot: 2,
        serialNumber: `V-${device.id}-2`,
        fragranceId: second,
        sizeShots: 1000,
        remainingShots: 1000,
      },
    ],
  };
  const heartbeat = (payload: unknown = body) =>
    fixture.call(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload });
  const config = (etag?: string) =>
    fixture.call(device.credential, {
      method: 'GET',
      url: '/api/device/config',
      headers: etag ? { 'if-none-match': etag } : {},
    });
  expect((await heartbeat()).statusCode).toBe(200);
  return { device, body, heartbeat, config };
}

const beat = async (call: () => Promise<Answer>) => {
  const answer = await call();
  expect(answer.statusCode).toBe(200);
  return answer.json() as HeartbeatAnswer;
};
const views = () => ctx.app.deviceViews;

/** Polls `isDone` every 10 ms, for at most 15 s (a listener's pause between tries grows to 10 s). */
async function waitFor(isDone: () => boolean) {
  for (let tries = 0; !isDone(); tries += 1) {
    if (tries > 1_500) throw new Error('waited 15 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

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
      await views().caughtUp();
      const levels = (await beat(heartbeat)).capsules.map((capsule) => capsule.remainingShots);
      expect(levels).toEqual([1000, 1000 - (sequence === 1 ? 7 : 12)]);
    }
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

// Two instances on one PostgreSQL database: what one changes, the other's kept views follow; while the
// other's listening connection is lost, it keeps nothing and reads every request.
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)(
  `two instances on one database${serverUrl ? '' : ' (skipped: PostgreSQL only, TEST_DATABASE_URL)'}`,
  () => {
    let second: DatabaseHandle;
    let other: Awaited<ReturnType<typeof buildApp>>;
    const onOther = (
      credential: string,
      request: { method: 'GET' | 'POST'; url: string; payload?: unknown },
    ) =>
      other.inject({
        ...request,
        payload: request.payload as never,
        headers: { authorization: `Bearer ${credential}` },
      });

    beforeAll(async () => {
      const [row] = await ctx.query<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(serverUrl as string);
      url.pathname = `/${row?.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 2 });
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET });
      other = await buildApp({ config, database: second });
      await other.ready();
      await other.deviceViews.caughtUp();
    });
    afterAll(async () => {
      await other?.close();
      await second?.close();
    });

    it('refuses on one instance a credential revoked through the other, at its next request', async () => {
      const { device, body } = await heardDevice();
      await other.deviceViews.caughtUp();
      const heartbeatOnOther = () =>
        onOther(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload: body });
      expect((await heartbeatOnOther()).statusCode).toBe(200);
      const before = other.deviceViews.stats();
      expect((await heartbeatOnOther()).statusCode).toBe(200);
      expect(other.deviceViews.stats().hits).toBe(before.hits + 1);

      const reset = await ctx.app.inject({
        method: 'PUT',
        url: `/api/devices/reprovision/${device.id}`,
        headers: { authorization: `Bearer ${staffToken}` },
      });
      expect(reset.statusCode).toBeLessThan(300);
      await other.deviceViews.caughtUp();
      expect((await heartbeatOnOther()).statusCode).toBe(401);
    });

    it('answers on one instance the levels a batch on the other left', async () => {
      const { device, body } = await heardDevice();
      const heartbeatOnOther = async () => {
        const answer = await onOther(device.credential, {
          method: 'POST',
          url: '/api/device/heartbeat',
          payload: body,
        });
        return (answer.json() as HeartbeatAnswer).capsules.map((capsule) => capsule.remainingShots);
      };
      expect(await heartbeatOnOther()).toEqual([1000, 1000]);
      const shots = await fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: { sequence: 1, shots: [{ at: new Date().toISOString(), slot: 1, count: 3 }] },
      });
      expect(shots.statusCode).toBe(200);
      await other.deviceViews.caughtUp();
      expect(await heartbeatOnOther()).toEqual([997, 1000]);
    });

    it('keeps nothing while its listening connection is lost, and keeps again once it is back', async () => {
      const { device, body } = await heardDevice();
      const heartbeatOnOther = () =>
        onOther(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload: body });
      expect((await heartbeatOnOther()).statusCode).toBe(200);
      const [{ name }] = (await ctx.query<{ name: string }>(sql`select current_database() as name`)) as [
        { name: string },
      ];
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        // The listeners are cut and cannot come back; the pools' open connections keep serving.
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and application_name = 'scentia device_view listener'`,
          [name],
        );
        await waitFor(() => !other.deviceViews.stats().isListening);
        expect(other.deviceViews.stats().entries).toBe(0);
        // Every request reads: a revocation is refused at the next request, with no notification.
        const misses = other.deviceViews.stats().misses;
        expect((await heartbeatOnOther()).statusCode).toBe(200);
        await ctx.query(sql`update devices set credential_hash = null where id = ${device.id}`);
        expect((await heartbeatOnOther()).statusCode).toBe(401);
        expect(other.deviceViews.stats()).toMatchObject({ entries: 0, misses: misses + 2 });
      } finally {
        await admin.query(`alter database ${name} with allow_connections true`);
        await admin.end();
      }
      await waitFor(() => other.deviceViews.stats().isListening && ctx.app.deviceViews.stats().isListening);
      const again = await heardDevice();
      await other.deviceViews.caughtUp();
      const againOnOther = () =>
        onOther(again.device.credential, {
          method: 'POST',
          url: '/api/device/heartbeat',
          payload: again.body,
        });
      expect((await againOnOther()).statusCode).toBe(200);
      const before = other.deviceViews.stats();
      expect((await againOnOther()).statusCode).toBe(200);
      expect(other.deviceViews.stats().hits).toBe(before.hits + 1);
    });
  },
);
