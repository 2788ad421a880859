import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { type HeartbeatAnswer, heardDevice as heardFixtureDevice, waitFor } from './device-view-fixture.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: DeviceFixture;
let staffToken: string;
const heardDevice = () => heardFixtureDevice(fixture);

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
      ctx = await createTestApp();
      fixture = await createDeviceFixture(ctx, { fragrances: 2 });
      const staff = await ctx.createAccount({ profile: 'OPERADOR' });
      staffToken = (await ctx.signIn(staff.email, staff.password)).token;
      const [row] = await ctx.query<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(serverUrl as string);
      url.pathname = `/${row?.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 2 });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JWT_SECRET: TEST_JWT_SECRET,
        SHOT_FOLD_INTERVAL_MS: '3600000',
      });
      other = await buildApp({ config, database: second });
      await other.ready();
      await other.deviceViews.caughtUp();
    });
    afterAll(async () => {
      await other?.close();
      await second?.close();
      await ctx?.close();
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
      // Acknowledged on the first instance, folded by the other: its notification reaches both.
      await other.shotFold.foldAll();
      await other.deviceViews.caughtUp();
      expect(await heartbeatOnOther()).toEqual([997, 1000]);
    });

    it('folds each batch once while both instances fold at the same moment', async () => {
      const { device } = await heardDevice();
      const sends = Array.from({ length: 40 }, (_, index) =>
        (index % 2 === 0 ? fixture.call.bind(fixture) : onOther)(device.credential, {
          method: 'POST',
          url: '/api/device/shots',
          payload: {
            sequence: index + 1,
            shots: [{ at: new Date().toISOString(), slot: 2, count: 1 + (index % 3) }],
          },
        }),
      );
      const folds = Array.from({ length: 3 }, () => [ctx.foldShots(), other.shotFold.foldAll()]).flat();
      const answers = await Promise.all(sends);
      expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200)).toEqual([]);
      const folded = (await Promise.all([...folds, ctx.foldShots(), other.shotFold.foldAll()])).reduce(
        (sum, count) => sum + count,
        0,
      );
      expect(folded).toBe(40);
      const expected = Array.from({ length: 40 }, (_, index) => 1 + (index % 3)).reduce((a, b) => a + b, 0);
      const [row] = await ctx.query<{ raw: number; days: number; level: number }>(sql`
        select (select sum(count)::int from shots where device_id = ${device.id}) as raw,
          (select sum(d.shots)::int from capsule_shot_days d join capsules c on c.id = d.capsule_id
            where c.device_id = ${device.id}) as days,
          (select l.remaining_shots from capsules c join capsule_levels l on l.capsule_id = c.id
            where c.device_id = ${device.id} and c.slot = 2) as level`);
      expect(row).toEqual({ raw: expected, days: expected, level: 1000 - expected });
    });

    it('serves a changed campaign’s new configuration on both instances once the change is heard', async () => {
      const { device } = await heardDevice();
      const fetchOn = (instance: 'first' | 'other', etag?: string) => {
        const request = {
          method: 'GET' as const,
          url: '/api/device/config',
          headers: (etag ? { 'if-none-match': etag } : {}) as Record<string, string>,
        };
        return instance === 'first'
          ? fixture.call(device.credential, request)
          : other.inject({
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${device.credential}` },
            });
      };
      const first = await fetchOn('first');
      expect(first.statusCode).toBe(200);
      const held = first.headers.etag as string;
      // Both instances keep the version (its body written once each), and answer 304 for it.
      await other.deviceViews.caughtUp();
      expect((await fetchOn('other', held)).statusCode).toBe(304);
      expect((await fetchOn('first', held)).statusCode).toBe(304);

      await ctx.query(sql`update campaigns set name = name || ' (nova)', updated_at = now()
        where id = ${fixture.campaignId}`);
      // Committed and heard (a listener that stops answering its ping within 5 s is lost, and its
      // instance then keeps nothing): neither answers the old version or its old body.
      await Promise.all([ctx.app.deviceViews.caughtUp(), other.deviceViews.caughtUp()]);
      const [onFirst, onOther] = await Promise.all([fetchOn('first', held), fetchOn('other', held)]);
      expect([onFirst.statusCode, onOther.statusCode]).toEqual([200, 200]);
      expect(onFirst.headers.etag).not.toBe(held);
      expect(onOther.headers.etag).toBe(onFirst.headers.etag);
      expect(onOther.body).toBe(onFirst.body);
      expect(onOther.json().campaign.name).toMatch(/ \(nova\)$/);
      const [row] = await ctx.query<{ recorded: number }>(sql`
        select count(*)::int as recorded from campaign_downloads
        where device_id = ${device.id} and campaign_id = ${fixture.campaignId}`);
      expect(row?.recorded).toBe(2);
    });

    it('keeps a device’s view after recording its download, and counts it once on both instances', async () => {
      const { device, body } = await heardDevice();
      // The heard heartbeat placed the capsules: its notification must have reached both instances, or
      // it arrives during a read below (not kept) or after it (forgotten), and a later request reads.
      await Promise.all([ctx.app.deviceViews.caughtUp(), other.deviceViews.caughtUp()]);
      const onFirst = (etag?: string) =>
        fixture.call(device.credential, {
          method: 'GET',
          url: '/api/device/config',
          headers: etag ? { 'if-none-match': etag } : {},
        });
      const [{ downloads: before } = { downloads: 0 }] = await ctx.query<{ downloads: number }>(
        sql`select downloads from campaigns where id = ${fixture.campaignId}`,
      );
      // The other instance keeps the device's view from its heartbeat, before the download.
      expect(
        (await onOther(device.credential, { method: 'GET', url: '/api/device/config' })).statusCode,
      ).toBe(200);
      const fetched = await onFirst();
      const etag = fetched.headers.etag as string;
      const heartbeatHere = () =>
        fixture.call(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload: body });
      const kept = ctx.app.deviceViews.stats();
      expect((await heartbeatHere()).statusCode).toBe(200);
      expect(ctx.app.deviceViews.stats()).toMatchObject({ hits: kept.hits + 1, misses: kept.misses });
      await other.deviceViews.caughtUp();
      const otherKept = other.deviceViews.stats();
      expect(
        (
          await onOther(device.credential, {
            method: 'POST',
            url: '/api/device/heartbeat',
            payload: body,
          })
        ).statusCode,
      ).toBe(200);
      expect(other.deviceViews.stats()).toMatchObject({ misses: otherKept.misses });
      const answered = await other.inject({
        method: 'GET',
        url: '/api/device/config',
        headers: { authorization: `Bearer ${device.credential}`, 'if-none-match': etag },
      });
      expect(answered.statusCode).toBe(304);
      const [{ downloads: after } = { downloads: 0 }] = await ctx.query<{ downloads: number }>(
        sql`select downloads from campaigns where id = ${fixture.campaignId}`,
      );
      expect(after).toBe(before + 1);
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
