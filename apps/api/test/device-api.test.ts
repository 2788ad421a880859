import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: DeviceFixture;
let staffToken: string;
let userToken: string;

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3' });
  fixture = await createDeviceFixture(ctx, { fragrances: 3 });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
  const user = await ctx.createAccount({ profile: 'USER' });
  userToken = (await ctx.signIn(user.email, user.password)).token;
});
afterAll(() => ctx.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function provision(
  macAddress: string,
  provisioningKey = fixture.provisioningKey,
  remoteAddress = '10.1.0.1',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/device/provision',
    remoteAddress,
    payload: { macAddress, provisioningKey },
  });
}

async function one<T>(statement: ReturnType<typeof sql>): Promise<T> {
  return (await ctx.query<T>(statement))[0] as T;
}

describe('POST /api/device/provision', () => {
  it('gives a registered device its credential and secret once, audited', async () => {
    const device = await fixture.createDevice({ isProvisioned: false });
    const spelled = device.macAddress.match(/../g)?.join(':').toLowerCase() ?? '';
    const response = await provision(spelled);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({
      deviceId: device.id,
      codeDigits: 6,
      codeStepSeconds: 60,
      codeAlgorithm: 'SHA1',
    });
    expect(answer.credential).toMatch(/^dvc_[A-Za-z0-9_-]{43}$/);
    expect(answer.secret).toMatch(/^[A-Z2-7]{32}$/);
    const row = await one<{ credentialHash: string; secret: string }>(
      sql`select credential_hash as "credentialHash", secret_ciphertext as secret from devices where id = ${device.id}`,
    );
    // Stored as a hash and a sealed box: neither is the value the device received.
    expect(row.credentialHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret).not.toContain(answer.secret);
    const events = await one<{ count: number }>(
      sql`select count(*)::int as count from audit_events where record_type = 'device' and record_id = ${String(device.id)}
          and action = 'postDeviceProvision'`,
    );
    expect(events.count).toBe(1);

    const again = await provision(device.macAddress);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DEVICE_ALREADY_PROVISIONED');
  });

  it('refuses an unknown MAC (404) and a retired device (409)', async () => {
    const unknown = await provision('0A:00:00:00:00:01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('DEVICE_NOT_REGISTERED');
    const device = await fixture.createDevice({ isProvisioned: false });
    await ctx.query(sql`update devices set deleted_at = now() where id = ${device.id}`);
    const retired = await provision(device.macAddress);
    expect(retired.statusCode).toBe(409);
    expect(retired.json().code).toBe('DEVICE_RETIRED');
  });

  it('refuses a wrong key (401), then every try from that address for a while (429)', async () => {
    const device = await fixture.createDevice({ isProvisioned: false });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await provision(device.macAddress, 'not-the-provisioning-key', '10.9.9.9');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('PROVISIONING_KEY_INVALID');
    }
    const blocked = await provision(device.macAddress, fixture.provisioningKey, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was given meanwhile; another address with the key succeeds.
    expect((await provision(device.macAddress)).statusCode).toBe(201);
  });

  it('provisions again once staff allowed it, and the old credential stops working', async () => {
    const device = await fixture.createDevice();
    expect(
      (await fixture.call(device.credential, { method: 'GET', url: '/api/device/config' })).statusCode,
    ).toBe(200);
    await ctx.query(sql`update devices set credential_hash = null where id = ${device.id}`);
    // Refused once the change has reached the instance's kept view (at once on PGlite, within the
    // notification's trip on PostgreSQL): the download above kept the view.
    await ctx.app.deviceViews.caughtUp();
    const old = await fixture.call(device.credential, { method: 'GET', url: '/api/device/config' });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('DEVICE_CREDENTIAL_INVALID');
    const again = await provision(device.macAddress);
    expect(again.statusCode).toBe(201);
    expect(again.json().credential).not.toBe(device.credential);
  });
});

describe('device credentials and account tokens', () => {
  it('refuses a staff or app token on device routes, and a device credential on account routes', async () => {
    const device = await fixture.createDevice();
    for (const token of [staffToken, userToken, 'dvc_short', `dvc_${'A'.repeat(43)}`]) {
      const response = await fixture.call(token, {
        method: 'POST',
        url: '/api/device/heartbeat',
        payload: { firmwareVersion: '1.0', capsules: [] },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('DEVICE_CREDENTIAL_INVALID');
    }
    for (const url of [
      '/api/organizations',
      '/api/app/device-pairings',
      '/api/app/quiz?campaignId=1&language=pt-BR',
    ]) {
      const response = await fixture.call(device.credential, { method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a retired device’s credential', async () => {
    const device = await fixture.createDevice();
    await ctx.query(sql`update devices set deleted_at = now() where id = ${device.id}`);
    const shots = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 1, shots: [{ at: minutesAgo(1), slot: 1, count: 1 }] },
    });
    expect(shots.statusCode).toBe(401);
    expect(shots.json().code).toBe('DEVICE_CREDENTIAL_INVALID');
  });
});

describe('POST /api/device/heartbeat', () => {
  const capsule = (slot: number, serialNumber: string, fragranceId: number, remainingShots = 900) => ({
    slot,
    serialNumber,
    fragranceId,
    sizeShots: 1000,
    remainingShots,
    dueDate: '2027-06-30',
  });

  it('records new capsules, moves known ones keeping the server’s level, and takes out the missing', async () => {
    const [first, second, third] = fixture.fragranceIds as [number, number, number];
    const device = await fixture.createDevice();
    const beat = (capsules: unknown[]) =>
      fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/heartbeat',
        payload: { firmwareVersion: '2.1.0', capsules },
      });
    const answer = await beat([
      capsule(1, 'cap-a1', first),
      capsule(2, 'CAP-A2', second),
      capsule(3, 'CAP-A3', third),
    ]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().capsules).toEqual([
      { slot: 1, serialNumber: 'CAP-A1', remainingShots: 900 },
      { slot: 2, serialNumber: 'CAP-A2', remainingShots: 900 },
      { slot: 3, serialNumber: 'CAP-A3', remainingShots: 900 },
    ]);
    expect(answer.json().configVersion).toMatch(/^[\w-]{16}$/);
    await ctx.query(
      sql`update capsule_levels set remaining_shots = 500
          where capsule_id = (select id from capsules where serial_number = 'CAP-A1')`,
    );

    // A1 and A2 swap slots (the unique slot is cleared before it is set), A3 is taken out.
    const swapped = await beat([capsule(2, 'CAP-A1', first, 999), capsule(1, 'CAP-A2', second)]);
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().capsules).toEqual([
      { slot: 1, serialNumber: 'CAP-A2', remainingShots: 900 },
      { slot: 2, serialNumber: 'CAP-A1', remainingShots: 500 },
    ]);
    const out = await one<{ deviceId: number | null; slot: number | null; isOut: boolean }>(sql`
      select device_id as "deviceId", slot, deleted_at is not null as "isOut" from capsules where serial_number = 'CAP-A3'`);
    expect(out).toEqual({ deviceId: null, slot: null, isOut: true });
    const state = await one<{ firmware: string; hasBeat: boolean }>(sql`
      select firmware_version as firmware, last_heartbeat_at is not null as "hasBeat" from device_states where device_id = ${device.id}`);
    expect(state).toEqual({ firmware: '2.1.0', hasBeat: true });

    // The capsule taken out goes into another device, active again, with its level.
    const other = await fixture.createDevice();
    const moved = await fixture.call(other.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: { firmwareVersion: '2.1.0', capsules: [capsule(5, 'CAP-A3', third, 10)] },
    });
    expect(moved.json().capsules).toEqual([{ slot: 5, serialNumber: 'CAP-A3', remainingShots: 900 }]);
  });

  it('leaves a capsule in a device heard from lately: another heartbeat naming its serial does not take it', async () => {
    const fragranceId = fixture.fragranceIds[0] as number;
    const holder = await fixture.createDevice();
    const claimant = await fixture.createDevice();
    const beat = (credential: string, capsules: unknown[]) =>
      fixture.call(credential, {
        method: 'POST',
        url: '/api/device/heartbeat',
        payload: { firmwareVersion: '2.1.0', capsules },
      });
    await beat(holder.credential, [capsule(4, 'CAP-HELD', fragranceId)]);
    const claimed = await beat(claimant.credential, [capsule(7, 'CAP-HELD', fragranceId)]);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().capsules).toEqual([]);
    const place = () =>
      one<{ deviceId: number; slot: number }>(
        sql`select device_id as "deviceId", slot from capsules where serial_number = 'CAP-HELD'`,
      );
    expect(await place()).toEqual({ deviceId: holder.id, slot: 4 });
    const shot = await fixture.call(claimant.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 1, shots: [{ at: minutesAgo(1), slot: 7, count: 1 }] },
    });
    expect(shot.statusCode).toBe(409);
    // Its holder silent for longer than the offline delay (15 minutes): the capsule was moved by hand.
    await ctx.query(
      sql`update device_states set last_heartbeat_at = now() - interval '16 minutes' where device_id = ${holder.id}`,
    );
    const moved = await beat(claimant.credential, [capsule(7, 'CAP-HELD', fragranceId)]);
    expect(moved.json().capsules).toEqual([{ slot: 7, serialNumber: 'CAP-HELD', remainingShots: 900 }]);
    expect(await place()).toEqual({ deviceId: claimant.id, slot: 7 });
  });

  it('refuses an unknown fragrance with the field at fault, and writes nothing', async () => {
    const device = await fixture.createDevice();
    const response = await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: {
        firmwareVersion: '1.0',
        capsules: [
          capsule(1, 'CAP-NEW-1', fixture.fragranceIds[0] as number),
          capsule(2, 'CAP-NEW-2', 99999),
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'capsules.1.fragranceId', message: expect.any(String) }]);
    const count = await one<{ count: number }>(
      sql`select count(*)::int as count from capsules where serial_number like 'CAP-NEW-%'`,
    );
    expect(count.count).toBe(0);
  });
});

describe('POST /api/device/shots', () => {
  async function deviceWithCapsules(levels: number[]) {
    const device = await fixture.createDevice();
    const serial = (slot: number) => `S${device.id}-${slot}`;
    await fixture.call(device.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: {
        firmwareVersion: '1.0',
        capsules: levels.map((remainingShots, index) => ({
          slot: index + 1,
          serialNumber: serial(index + 1),
          fragranceId: fixture.fragranceIds[index % fixture.fragranceIds.length],
          sizeShots: 1000,
          remainingShots,
        })),
      },
    });
    const send = (sequence: number, shots: { at: string; slot: number; count: number }[]) =>
      fixture.call(device.credential, {
        method: 'POST',
        url: '/api/device/shots',
        payload: { sequence, shots },
      });
    return { device, send };
  }

  // The counts as the fold leaves them (migration 0050): folded first.
  const totals = async (deviceId: number) => {
    await ctx.foldShots();
    return one<{ shots: number; hourly: number; days: number; batches: number }>(sql`
      select (select coalesce(sum(count), 0)::int from shots where device_id = ${deviceId}) as shots,
        (select coalesce(sum(h.shots), 0)::int from shot_counts_hourly h
          where h.location_id = (select location_id from devices where id = ${deviceId})) as hourly,
        (select coalesce(sum(d.shots), 0)::int from capsule_shot_days d
          join capsules c on c.id = d.capsule_id where c.device_id = ${deviceId}) as days,
        (select count(*)::int from shot_batches where device_id = ${deviceId}) as batches`);
  };

  it('counts a batch once, even sent again, and lowers the levels never below zero', async () => {
    const { device, send } = await deviceWithCapsules([100, 5]);
    const hourlyBefore = (await totals(device.id)).hourly;
    const batch = [
      { at: minutesAgo(90), slot: 1, count: 3 },
      { at: minutesAgo(2), slot: 1, count: 4 },
      { at: minutesAgo(1), slot: 2, count: 8 },
    ];
    const first = await send(7, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      sequence: 7,
      isNew: true,
      shots: 15,
      capsules: [
        { slot: 1, remainingShots: 93 },
        { slot: 2, remainingShots: 0 },
      ],
    });
    const replay = await send(7, batch);
    expect(replay.json()).toEqual({ ...first.json(), isNew: false, shots: 0 });
    const after = await totals(device.id);
    expect(after).toEqual({ shots: 15, hourly: hourlyBefore + 15, days: 15, batches: 1 });
    const seen = await one<{ isSeen: boolean }>(
      sql`select last_seen_at > now() - interval '1 minute' as "isSeen" from device_states where device_id = ${device.id}`,
    );
    expect(seen.isSeen).toBe(true);
  });

  it('refuses a batch naming an empty slot (409), writing nothing', async () => {
    const { device, send } = await deviceWithCapsules([100]);
    // The location's hourly counts are shared with the other tests' devices.
    const before = await totals(device.id);
    const response = await send(1, [
      { at: minutesAgo(1), slot: 1, count: 2 },
      { at: minutesAgo(1), slot: 4, count: 1 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('DEVICE_SLOT_EMPTY');
    expect(response.json().message).toContain('4');
    expect(await totals(device.id)).toEqual({ ...before, shots: 0, days: 0, batches: 0 });
    const level = await one<{ remaining: number }>(
      sql`select l.remaining_shots as remaining from capsules c join capsule_levels l on l.capsule_id = c.id
          where c.device_id = ${device.id} and c.slot = 1`,
    );
    expect(level.remaining).toBe(100);
    // The same sequence is not burnt: sent right, it counts.
    expect((await send(1, [{ at: minutesAgo(1), slot: 1, count: 2 }])).json().isNew).toBe(true);
  });

  it('refuses shots dated in the future or before retention, naming each', async () => {
    const { device, send } = await deviceWithCapsules([100]);
    const future = await send(1, [
      { at: minutesAgo(1), slot: 1, count: 1 },
      { at: new Date(Date.now() + 10 * 60_000).toISOString(), slot: 1, count: 1 },
    ]);
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual([{ path: 'shots.1.at', message: expect.any(String) }]);
    const old = await send(2, [{ at: '2001-01-01T00:00:00Z', slot: 1, count: 1 }]);
    expect(old.statusCode).toBe(400);
    expect(old.json().fields[0]).toEqual({ path: 'shots.0.at', message: expect.stringContaining('24') });
    expect(await totals(device.id)).toMatchObject({ shots: 0, batches: 0 });
  });

  it('folds a batch whose oldest month retention dropped after its answer: counted, those raw shots not kept', async () => {
    const { device, send } = await deviceWithCapsules([100]);
    const now = new Date();
    const oldestMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 24, 1));
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 23, 1));
    const inOldest = new Date(oldestMonth.getTime() + 36 * 3_600_000).toISOString();
    const answer = await send(1, [
      { at: inOldest, slot: 1, count: 4 },
      { at: minutesAgo(1), slot: 1, count: 3 },
    ]);
    expect(answer.json()).toMatchObject({
      isNew: true,
      shots: 7,
      capsules: [{ slot: 1, remainingShots: 93 }],
    });
    // The retention job moves on before the fold: the oldest month's partition is gone.
    const day = (date: Date) => date.toISOString().slice(0, 10);
    await ctx.query(sql`select drop_shot_partitions_before(${day(nextMonth)}::date)`);
    expect(await ctx.foldShots()).toBeGreaterThanOrEqual(1);
    const hourly = await one<{ shots: number }>(sql`
      select coalesce(sum(shots), 0)::int as shots from shot_counts_device_hourly where device_id = ${device.id}`);
    const raw = await one<{ shots: number }>(
      sql`select coalesce(sum(count), 0)::int as shots from shots where device_id = ${device.id}`,
    );
    const level = await one<{ remaining: number }>(
      sql`select l.remaining_shots as remaining from capsules c join capsule_levels l on l.capsule_id = c.id
          where c.device_id = ${device.id} and c.slot = 1`,
    );
    expect({ hourly: hourly.shots, raw: raw.shots, level: level.remaining }).toEqual({
      hourly: 7,
      raw: 3,
      level: 93,
    });
    await ctx.query(sql`select ensure_shot_partitions(${day(oldestMonth)}::date, ${day(oldestMonth)}::date)`);
  });

  it('takes a shot a few minutes ahead of the server’s clock (a device clock drifts)', async () => {
    const { send } = await deviceWithCapsules([100]);
    const ahead = await send(1, [{ at: new Date(Date.now() + 3 * 60_000).toISOString(), slot: 1, count: 1 }]);
    expect(ahead.statusCode).toBe(200);
  });
});

describe('GET /api/device/config', () => {
  it('answers the campaign and schedule with an ETag, 304 when unchanged, and counts each version once', async () => {
    const device = await fixture.createDevice();
    await ctx.query(sql`update locations set time_zone = 'Europe/Lisbon',
      schedule = '{"ranges":[{"weekday":5,"start":"22:00","end":"02:00","intensity":60}]}'::jsonb
      where id = ${fixture.locationIds[0]}`);
    const before = await one<{ downloads: number; updatedAt: string }>(
      sql`select downloads, updated_at::text as "updatedAt" from campaigns where id = ${fixture.campaignId}`,
    );
    const eventsBefore = await one<{ count: number }>(
      sql`select count(*)::int as count from audit_events where record_type = 'campaign'`,
    );
    const get = (etag?: string) =>
      fixture.call(device.credential, {
        method: 'GET',
        url: '/api/device/config',
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const config = first.json();
    expect(first.headers.etag).toBe(`"${config.version}"`);
    expect(config.campaign).toMatchObject({ campaignId: fixture.campaignId });
    expect(config.campaign.collection).toHaveLength(fixture.fragranceIds.length);
    expect(config.campaign.collection[0]).toMatchObject({
      slot: 1,
      fragranceId: fixture.fragranceIds[0],
      fragranceName: expect.stringContaining('Bergamota'),
    });
    expect(config.schedule).toEqual({
      source: 'location',
      timeZone: 'Europe/Lisbon',
      ranges: [{ weekday: 5, start: '22:00', end: '02:00', intensity: 60 }],
    });
    const unchanged = await get(first.headers.etag as string);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await get()).statusCode).toBe(200);

    const after = await one<{ downloads: number; updatedAt: string }>(
      sql`select downloads, updated_at::text as "updatedAt" from campaigns where id = ${fixture.campaignId}`,
    );
    expect(after).toEqual({ downloads: before.downloads + 1, updatedAt: before.updatedAt });
    const eventsAfter = await one<{ count: number }>(
      sql`select count(*)::int as count from audit_events where record_type = 'campaign'`,
    );
    expect(eventsAfter.count).toBe(eventsBefore.count);
    const state = await one<{ version: string }>(
      sql`select config_version as version from device_states where device_id = ${device.id}`,
    );
    expect(state.version).toBe(config.version);

    // A device schedule of its own wins; a new campaign version is a new download.
    await ctx.query(sql`update devices set schedule = '{"ranges":[]}'::jsonb where id = ${device.id}`);
    await ctx.query(
      sql`update campaigns set updated_at = now() + interval '1 second' where id = ${fixture.campaignId}`,
    );
    // The view kept since the download follows these once their notifications have reached it.
    await ctx.app.deviceViews.caughtUp();
    const changed = await get(first.headers.etag as string);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().schedule.source).toBe('device');
    expect(changed.json().version).not.toBe(config.version);
    const counted = await one<{ downloads: number }>(
      sql`select downloads from campaigns where id = ${fixture.campaignId}`,
    );
    expect(counted.downloads).toBe(before.downloads + 2);
  });

  it('counts each device’s first download once when a fleet fetches a new version at once', async () => {
    const devices = await Promise.all(Array.from({ length: 8 }, () => fixture.createDevice()));
    const before = await one<{ downloads: number }>(
      sql`select downloads from campaigns where id = ${fixture.campaignId}`,
    );
    // Each device twice at the same moment: the fetches are recorded in groups, a device once.
    const answers = await Promise.all(
      devices.flatMap((device) =>
        [1, 2].map(() => fixture.call(device.credential, { method: 'GET', url: '/api/device/config' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const version = answers[0]?.json().version;
    expect(new Set(answers.map((answer) => answer.json().version))).toEqual(new Set([version]));
    // Every device shares one version's body, written once and sent as it was written.
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const ids = devices.map((device) => device.id);
    const after = await one<{ downloads: number; recorded: number; states: number }>(sql`
      select (select downloads from campaigns where id = ${fixture.campaignId}) as downloads,
        (select count(*)::int from campaign_downloads where device_id = any(${`{${ids.join(',')}}`}::integer[])) as recorded,
        (select count(*)::int from device_states where config_version = ${version}
          and device_id = any(${`{${ids.join(',')}}`}::integer[])) as states`);
    expect(after).toEqual({ downloads: before.downloads + 8, recorded: 8, states: 8 });
    // Known now: answered 304, nothing counted again.
    const again = await Promise.all(
      devices.map((device) =>
        fixture.call(device.credential, {
          method: 'GET',
          url: '/api/device/config',
          headers: { 'if-none-match': `"${version}"` },
        }),
      ),
    );
    expect(again.map((answer) => answer.statusCode)).toEqual(again.map(() => 304));
    const counted = await one<{ downloads: number }>(
      sql`select downloads from campaigns where id = ${fixture.campaignId}`,
    );
    expect(counted.downloads).toBe(before.downloads + 8);
  });
});
