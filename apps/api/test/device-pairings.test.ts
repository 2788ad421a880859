import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBase32, oneTimeCodeAt } from '../src/lib/one-time-codes.ts';
import { createDeviceFixture, type DeviceFixture } from './device-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
let fixture: DeviceFixture;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  fixture = await createDeviceFixture(ctx);
  for (const [name, profile] of [
    ['ana', 'USER'],
    ['bruno', 'USER'],
    ['carla', 'USER'],
    ['dora', 'USER'],
    ['eva', 'USER'],
    ['staff', 'OPERADOR'],
    ['admin', 'ADMIN'],
  ] as const) {
    const account = await ctx.createAccount({ profile });
    tokens[name] = (await ctx.signIn(account.email, account.password)).token;
  }
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const codeAt = (secret: string, timeMs: number) =>
  oneTimeCodeAt(fromBase32(secret), timeMs, { stepSeconds: 60, digits: 6 }).code;

function pair(who: string, body: { macAddress: string; code: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/app/device-pairings',
    headers: { authorization: `Bearer ${tokens[who]}` },
    payload: body,
  });
}

/** A clock the test moves: only `Date` is faked, so the database and the server's timers run on. */
function freezeClockAt(timeMs: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: timeMs });
}

describe('POST /api/app/device-pairings', () => {
  it('links a USER with the device’s current code, or the previous step’s, and not an older one', async () => {
    const device = await fixture.createDevice();
    const now = Date.UTC(2026, 10, 24, 12, 0, 30);
    freezeClockAt(now);
    const tooOld = await pair('ana', {
      macAddress: device.macAddress,
      code: codeAt(device.secret, now - 120_000),
    });
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json().code).toBe('PAIRING_CODE_INVALID');
    const previous = await pair('ana', {
      macAddress: device.macAddress,
      code: codeAt(device.secret, now - 60_000),
    });
    expect(previous.statusCode).toBe(201);
    expect(previous.json()).toMatchObject({
      deviceId: device.id,
      macAddress: device.macAddress,
      campaign: { campaignId: fixture.campaignId },
    });
    // Again with the current code: the same link, 200.
    const again = await pair('ana', { macAddress: device.macAddress, code: codeAt(device.secret, now) });
    expect(again.statusCode).toBe(200);
    const row = (
      await ctx.query<{ userId: number | null }>(
        sql`select user_id as "userId" from devices where id = ${device.id}`,
      )
    )[0];
    expect(row?.userId).not.toBeNull();
  });

  it('refuses a device another user is linked to (409)', async () => {
    const device = await fixture.createDevice();
    const now = Date.UTC(2026, 10, 24, 13, 0, 0);
    freezeClockAt(now);
    expect(
      (await pair('ana', { macAddress: device.macAddress, code: codeAt(device.secret, now) })).statusCode,
    ).toBe(201);
    const taken = await pair('bruno', { macAddress: device.macAddress, code: codeAt(device.secret, now) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DEVICE_HAS_USER');
  });

  it('stops guessing after 5 wrong codes on a device (429), even with the right one', async () => {
    const device = await fixture.createDevice();
    const now = Date.UTC(2026, 10, 24, 14, 0, 0);
    freezeClockAt(now);
    const right = codeAt(device.secret, now);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guessed = await pair(attempt % 2 === 0 ? 'carla' : 'bruno', {
        macAddress: device.macAddress,
        code: wrong,
      });
      expect(guessed.statusCode).toBe(400);
    }
    const blocked = await pair('ana', { macAddress: device.macAddress, code: right });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops a user after 5 wrong codes, whichever devices they tried (429)', async () => {
    const now = Date.UTC(2026, 10, 24, 15, 0, 0);
    freezeClockAt(now);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const device = await fixture.createDevice();
      const wrong = codeAt(device.secret, now) === '000000' ? '000001' : '000000';
      expect((await pair('dora', { macAddress: device.macAddress, code: wrong })).statusCode).toBe(400);
    }
    const fresh = await fixture.createDevice();
    const blocked = await pair('dora', { macAddress: fresh.macAddress, code: codeAt(fresh.secret, now) });
    expect(blocked.statusCode).toBe(429);
    // The device itself was never guessed at: another user pairs it.
    expect(
      (await pair('ana', { macAddress: fresh.macAddress, code: codeAt(fresh.secret, now) })).statusCode,
    ).toBe(201);
  });

  it('takes each code once: after an unpairing, neither it nor an older one pairs again (RFC 6238 §5.2)', async () => {
    const device = await fixture.createDevice();
    const now = Date.UTC(2026, 10, 24, 16, 0, 10);
    freezeClockAt(now);
    const code = codeAt(device.secret, now);
    expect((await pair('ana', { macAddress: device.macAddress, code })).statusCode).toBe(201);
    const unpaired = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/app/device-pairings/${device.id}`,
      headers: { authorization: `Bearer ${tokens.ana}` },
    });
    expect(unpaired.statusCode).toBe(204);
    for (const [who, used] of [
      ['ana', code],
      ['eva', code],
      ['eva', codeAt(device.secret, now - 60_000)],
    ] as const) {
      const replayed = await pair(who, { macAddress: device.macAddress, code: used });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().code).toBe('PAIRING_CODE_INVALID');
    }
    // The next step's code is new: it pairs.
    vi.setSystemTime(now + 60_000);
    const next = await pair('eva', {
      macAddress: device.macAddress,
      code: codeAt(device.secret, now + 60_000),
    });
    expect(next.statusCode).toBe(201);
  });

  it('refuses an unknown MAC (404), a device never provisioned (409) and staff tokens (403)', async () => {
    expect((await pair('ana', { macAddress: '0A0000000099', code: '123456' })).json().code).toBe(
      'DEVICE_NOT_REGISTERED',
    );
    const unprovisioned = await fixture.createDevice({ isProvisioned: false });
    const refused = await pair('ana', { macAddress: unprovisioned.macAddress, code: '123456' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DEVICE_NOT_PROVISIONED');
    for (const who of ['staff', 'admin']) {
      const response = await pair(who, { macAddress: unprovisioned.macAddress, code: '123456' });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('GET and DELETE /api/app/device-pairings', () => {
  it('lists the user’s devices and unlinks one of them, not another’s', async () => {
    const device = await fixture.createDevice();
    const now = Date.now();
    expect(
      (await pair('bruno', { macAddress: device.macAddress, code: codeAt(device.secret, now) })).statusCode,
    ).toBe(201);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/app/device-pairings',
      headers: { authorization: `Bearer ${tokens.bruno}` },
    });
    expect(list.json().map((paired: { deviceId: number }) => paired.deviceId)).toContain(device.id);
    const notMine = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/app/device-pairings/${device.id}`,
      headers: { authorization: `Bearer ${tokens.carla}` },
    });
    expect(notMine.statusCode).toBe(404);
    const mine = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/app/device-pairings/${device.id}`,
      headers: { authorization: `Bearer ${tokens.bruno}` },
    });
    expect(mine.statusCode).toBe(204);
    const row = (
      await ctx.query<{ userId: number | null }>(
        sql`select user_id as "userId" from devices where id = ${device.id}`,
      )
    )[0];
    expect(row?.userId).toBeNull();
  });
});
