import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// What a device request that changes nothing writes: nothing, but a last-seen time older than the
// precision (90 s with the default 15-minute offline window), queued and written with other devices'.
// The device's view is kept by the instance and kept right by the database's notifications, so a
// revoked or retired credential is refused at its next request once the change has reached the
// instance (`caughtUp`: at once on PGlite, within the notification's trip on PostgreSQL).

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

type State = {
  seenAgo: number;
  heardAgo: number;
  firmware: string | null;
  configVersion: string | null;
  xmin: string;
};

async function stateOf(deviceId: number): Promise<State> {
  const [row] = await ctx.query<State>(sql`
    select extract(epoch from now() - last_seen_at)::float as "seenAgo",
      extract(epoch from now() - last_heartbeat_at)::float as "heardAgo",
      firmware_version as firmware, config_version as "configVersion", xmin::text as xmin
    from device_states where device_id = ${deviceId}`);
  if (!row) throw new Error('The device has no state');
  return row;
}

/** Every change committed so far has reached the instance's kept views. */
const caughtUp = () => ctx.app.deviceViews.caughtUp();

async function backdate(deviceId: number, seconds: number) {
  await ctx.query(sql`update device_states
    set last_seen_at = now() - make_interval(secs => ${seconds}),
      last_heartbeat_at = now() - make_interval(secs => ${seconds})
    where device_id = ${deviceId}`);
}

function heartbeatBody(firmwareVersion = '1.0.0') {
  const [first, second] = fixture.fragranceIds as [number, number];
  return {
    firmwareVersion,
    capsules: [
      { slot: 1, serialNumber: 'W-1', fragranceId: first, sizeShots: 1000, remainingShots: 1000 },
      { slot: 2, serialNumber: 'W-2', fragranceId: second, sizeShots: 1000, remainingShots: 1000 },
    ],
  };
}

/** A device provisioned and heard from once, its capsules serialled apart from other tests'. */
/** The device's configuration fetch, conditional on `etag` when given. */
function fetchConfig(credential: string, etag?: string) {
  return fixture.call(credential, {
    method: 'GET',
    url: '/api/device/config',
    headers: etag ? { 'if-none-match': etag } : {},
  });
}

async function heardDevice() {
  const device = await fixture.createDevice();
  const body = heartbeatBody();
  body.capsules.forEach((capsule) => {
    capsule.serialNumber = `${capsule.serialNumber}-${device.id}`;
  });
  const heartbeat = (payload: unknown = body) =>
    fixture.call(device.credential, { method: 'POST', url: '/api/device/heartbeat', payload });
  const first = await heartbeat();
  expect(first.statusCode).toBe(200);
  return { device, body, heartbeat };
}

describe('a heartbeat that changes nothing', () => {
  it('writes nothing while the device was heard from within the precision', async () => {
    const { device, heartbeat } = await heardDevice();
    await backdate(device.id, 20);
    const before = await stateOf(device.id);
    const answer = await heartbeat();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().capsules).toHaveLength(2);
    expect((await heartbeat()).statusCode).toBe(200);
    await ctx.app.deviceViews.writeSeenTimes();
    // The same row version: not even a last-seen time was written.
    expect(await stateOf(device.id)).toMatchObject({ xmin: before.xmin });
  });

  it('queues a last-seen older than the precision, written with other devices’ in one transaction', async () => {
    const first = await heardDevice();
    const second = await heardDevice();
    await backdate(first.device.id, 120);
    await backdate(second.device.id, 120);
    const before = await stateOf(first.device.id);
    expect((await first.heartbeat()).statusCode).toBe(200);
    expect((await second.heartbeat()).statusCode).toBe(200);
    // Answered before anything was written.
    expect(await stateOf(first.device.id)).toMatchObject({ xmin: before.xmin });
    await ctx.app.deviceViews.writeSeenTimes();
    const [firstAfter, secondAfter] = [await stateOf(first.device.id), await stateOf(second.device.id)];
    expect(firstAfter.seenAgo).toBeLessThan(5);
    expect(firstAfter.heardAgo).toBeLessThan(5);
    expect(secondAfter.seenAgo).toBeLessThan(5);
    // One transaction wrote both rows.
    expect(secondAfter.xmin).toBe(firstAfter.xmin);
    // Written now, it is not written again by the next heartbeat.
    expect((await first.heartbeat()).statusCode).toBe(200);
    await ctx.app.deviceViews.writeSeenTimes();
    expect((await stateOf(first.device.id)).xmin).toBe(firstAfter.xmin);
  });

  it('never moves a last-seen time back', async () => {
    const { device, heartbeat } = await heardDevice();
    await backdate(device.id, 120);
    expect((await heartbeat()).statusCode).toBe(200);
    // Another instance wrote a later time meanwhile.
    await ctx.query(
      sql`update device_states set last_seen_at = now() + interval '1 minute' where device_id = ${device.id}`,
    );
    await ctx.app.deviceViews.writeSeenTimes();
    expect((await stateOf(device.id)).seenAgo).toBeLessThan(-50);
  });

  it('answers the server’s levels, as lowered by the shots folded since', async () => {
    const { device, heartbeat } = await heardDevice();
    const shots = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 1, shots: [{ at: new Date().toISOString(), slot: 2, count: 7 }] },
    });
    expect(shots.statusCode).toBe(200);
    await ctx.foldShots();
    await caughtUp();
    const answer = (await heartbeat()).json();
    expect(answer.capsules.map((capsule: { remainingShots: number }) => capsule.remainingShots)).toEqual([
      1000, 993,
    ]);
  });

  it('takes the full path for a new firmware, a capsule moved on the server, or an unknown fragrance', async () => {
    const { device, body, heartbeat } = await heardDevice();
    expect((await heartbeat({ ...body, firmwareVersion: '2.0.0' })).statusCode).toBe(200);
    expect((await stateOf(device.id)).firmware).toBe('2.0.0');

    // Staff took slot 2's capsule out meanwhile: the same report puts it back.
    await ctx.query(sql`update capsules set device_id = null, slot = null
      where serial_number = ${body.capsules[1]?.serialNumber}`);
    await caughtUp();
    const placed = await heartbeat({ ...body, firmwareVersion: '2.0.0' });
    expect(placed.json().capsules).toHaveLength(2);

    const unknown = structuredClone(body);
    (unknown.capsules[0] as { fragranceId: number }).fragranceId = 999_999;
    const refused = await heartbeat({ ...unknown, firmwareVersion: '2.0.0' });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a credential revoked, reprovisioned or retired since the last one at its next request', async () => {
    const revoked = await heardDevice();
    expect((await revoked.heartbeat()).statusCode).toBe(200);
    await ctx.query(sql`update devices set credential_hash = null where id = ${revoked.device.id}`);
    await caughtUp();
    expect((await revoked.heartbeat()).statusCode).toBe(401);

    const reprovisioned = await heardDevice();
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/api/devices/reprovision/${reprovisioned.device.id}`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(reset.statusCode).toBeLessThan(300);
    await caughtUp();
    expect((await reprovisioned.heartbeat()).statusCode).toBe(401);

    const retired = await heardDevice();
    expect((await retired.heartbeat()).statusCode).toBe(200);
    await ctx.query(sql`update devices set deleted_at = now() where id = ${retired.device.id}`);
    await caughtUp();
    const config = await fixture.call(retired.device.credential, {
      method: 'GET',
      url: '/api/device/config',
    });
    expect(config.statusCode).toBe(401);
    expect((await retired.heartbeat()).statusCode).toBe(401);
  });
});

describe('a configuration fetch of a version already recorded', () => {
  it('queues a last-seen older than the precision, not the last heartbeat', async () => {
    const { device } = await heardDevice();
    const get = (etag?: string) => fetchConfig(device.credential, etag);
    const etag = (await get()).headers.etag as string;
    await backdate(device.id, 120);
    // The instance keeps the view its download left (migration 0054): read again, as after a change.
    ctx.app.deviceViews.forget(device.id);
    expect((await get(etag)).statusCode).toBe(304);
    await ctx.app.deviceViews.writeSeenTimes();
    const after = await stateOf(device.id);
    expect(after.seenAgo).toBeLessThan(5);
    expect(after.heardAgo).toBeGreaterThan(119);
  });

  it('writes nothing while seen within the precision; a new version is recorded and counted', async () => {
    const { device } = await heardDevice();
    const get = (etag?: string) => fetchConfig(device.credential, etag);
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    await backdate(device.id, 20);
    const before = await stateOf(device.id);
    expect(before.configVersion).toBe(first.json().version);
    expect((await get(etag)).statusCode).toBe(304);
    await ctx.app.deviceViews.writeSeenTimes();
    expect((await stateOf(device.id)).xmin).toBe(before.xmin);

    const [{ downloads }] = (await ctx.query<{ downloads: number }>(
      sql`select downloads from campaigns where id = ${fixture.campaignId}`,
    )) as [{ downloads: number }];
    await ctx.query(sql`update campaigns set name = name || ' (2)', updated_at = now() + interval '1 second'
      where id = ${fixture.campaignId}`);
    await caughtUp();
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect((await stateOf(device.id)).configVersion).toBe(changed.json().version);
    const [counted] = (await ctx.query<{ downloads: number }>(
      sql`select downloads from campaigns where id = ${fixture.campaignId}`,
    )) as [{ downloads: number }];
    expect(counted.downloads).toBe(downloads + 1);
  });
});

describe('a shot batch', () => {
  it('queues its device’s last-seen only once older than the precision, writes no state row, and counts every batch', async () => {
    const { device } = await heardDevice();
    const send = (sequence: number) =>
      fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: { sequence, shots: [{ at: new Date().toISOString(), slot: 1, count: 2 }] },
      });
    await backdate(device.id, 20);
    const before = await stateOf(device.id);
    const within = await send(1);
    expect(within.json()).toMatchObject({ isNew: true, shots: 2 });
    // The same row version: the batch counted, its device's last-seen left as it was.
    expect(await stateOf(device.id)).toMatchObject({ xmin: before.xmin });
    expect((await stateOf(device.id)).seenAgo).toBeGreaterThan(19);

    await backdate(device.id, 120);
    const old = await stateOf(device.id);
    expect((await send(2)).json()).toMatchObject({ isNew: true, shots: 2 });
    // Answered before its last-seen is written (migration 0051): queued with the other requests'.
    expect(await stateOf(device.id)).toMatchObject({ xmin: old.xmin });
    await ctx.app.deviceViews.writeSeenTimes();
    const after = await stateOf(device.id);
    expect(after.seenAgo).toBeLessThan(5);
    // A batch is not a heartbeat: the last heartbeat stays where it was.
    expect(after.heardAgo).toBeGreaterThan(119);
    await ctx.foldShots();
    const [counted] = await ctx.query<{ shots: number }>(
      sql`select coalesce(sum(count), 0)::int as shots from shots where device_id = ${device.id}`,
    );
    expect(counted?.shots).toBe(4);
  });
});

describe('a device answer’s headers', () => {
  it('leaves out a page’s security headers, which every other answer keeps', async () => {
    const { heartbeat } = await heardDevice();
    const answer = await heartbeat();
    expect(answer.headers['content-security-policy']).toBeUndefined();
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
