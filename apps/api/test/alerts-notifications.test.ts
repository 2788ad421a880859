import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { runAlertsJob } from '../src/modules/alerts/alerts-job.ts';
import { createNotificationsService } from '../src/modules/alerts/notifications.service.ts';
import { deviceGround, insertCapsule, insertDevice, markSeen } from './device-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** The notification tab (each person's read marks), the settings, and the daily digest mail. */
const HOUR_MS = 3_600_000;
const JOB = { windowDays: 14, capsuleDays: 7, offlineHours: 24 };

let ctx: TestContext;
type Person = { id: number; email: string; token: string };
let ana: Person;
let bruno: Person;

async function person(profile = 'OPERADOR', name?: string): Promise<Person> {
  const account = await ctx.createAccount({ profile, name });
  return { ...account, token: (await ctx.signIn(account.email, account.password)).token };
}

function call(who: Person, method: 'GET' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${who.token}` } });
}

type Notifications = {
  unreadCount: number;
  total: number;
  items: { alertId: number; kind: string; severity: string; isRead: boolean; device: { deviceId: number } }[];
};

async function notifications(who: Person, limit = 50): Promise<Notifications> {
  const response = await call(who, 'GET', `/api/notifications?limit=${limit}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A device offline for two days with an empty capsule: two alerts, the capsule's raised first. */
async function troubledDevice() {
  const ground = await deviceGround(ctx);
  const { deviceId, macAddress } = await insertDevice(ctx, ground);
  await ctx.query(sql`update devices set provisioned_at = now() - interval '10 days' where id = ${deviceId}`);
  await markSeen(ctx, deviceId, new Date(Date.now() - 30 * HOUR_MS));
  await insertCapsule(ctx, { deviceId, slot: 2, fragranceId: ground.fragranceId, remainingShots: 0 });
  return { ...ground, deviceId, macAddress };
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.jobSettled('alerts');
  await ctx.jobSettled('alerts-digest');
  ana = await person('OPERADOR', 'Ana');
  bruno = await person('ADMIN', 'Bruno');
});
afterAll(() => ctx.close());

describe('GET /api/notifications and the read marks', () => {
  it('lists the open alerts, critical first then newest, with each person’s own unread count', async () => {
    const device = await troubledDevice();
    await runAlertsJob({ db: ctx.db, ...JOB });
    const list = await notifications(ana);
    expect(list).toMatchObject({ total: 2, unreadCount: 2 });
    // The empty capsule is critical, the device silent for 30 hours a warning.
    expect(list.items.map((item) => [item.kind, item.severity, item.isRead])).toEqual([
      ['capsuleEmpty', 'critical', false],
      ['deviceOffline', 'warning', false],
    ]);
    expect(list.items[0]).toMatchObject({
      device: { deviceId: device.deviceId, macAddress: device.macAddress },
      location: { locationId: device.locationId, timeZone: 'America/Sao_Paulo' },
      organization: { organizationId: device.organizationId },
      slot: 2,
      fragrance: { fragranceId: device.fragranceId },
      canKeepRunning: false,
      runsOutOn: null,
    });
    expect((await notifications(ana, 1)).items).toHaveLength(1);

    const [critical, warning] = list.items;
    expect((await call(ana, 'PUT', `/api/notifications/read/${critical?.alertId}`)).statusCode).toBe(204);
    // Again: nothing changes.
    expect((await call(ana, 'PUT', `/api/notifications/read/${critical?.alertId}`)).statusCode).toBe(204);
    const read = await notifications(ana);
    expect(read.unreadCount).toBe(1);
    expect(read.items.map((item) => item.isRead)).toEqual([true, false]);
    // Bruno's marks are his own.
    expect((await notifications(bruno)).unreadCount).toBe(2);

    const unknown = await call(ana, 'PUT', '/api/notifications/read/2147483647');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await call(ana, 'PUT', '/api/notifications/read/abc')).statusCode).toBe(400);

    expect((await call(bruno, 'PUT', '/api/notifications/read-all')).statusCode).toBe(204);
    expect((await notifications(bruno)).unreadCount).toBe(0);
    expect((await notifications(ana)).unreadCount).toBe(1);

    // A new alert is unread for everyone; a cleared one leaves the list and the counts.
    const other = await troubledDevice();
    await runAlertsJob({ db: ctx.db, ...JOB });
    expect(await notifications(bruno)).toMatchObject({ total: 4, unreadCount: 2 });
    await markSeen(ctx, device.deviceId, new Date());
    await markSeen(ctx, other.deviceId, new Date());
    await runAlertsJob({ db: ctx.db, ...JOB });
    const after = await notifications(ana);
    expect(after).toMatchObject({ total: 2, unreadCount: 1 });
    expect(after.items.map((item) => item.alertId)).not.toContain(warning?.alertId);
  });

  it('is for staff only', async () => {
    const appUser = await person('USER');
    expect((await call(appUser, 'GET', '/api/notifications')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('/api/notification-settings', () => {
  it('keeps each person’s digest choice, off until turned on', async () => {
    const carla = await person();
    expect((await call(carla, 'GET', '/api/notification-settings')).json()).toEqual({ dailyDigest: false });
    const saved = await call(carla, 'PUT', '/api/notification-settings', { dailyDigest: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ dailyDigest: true });
    expect((await call(carla, 'GET', '/api/notification-settings')).json()).toEqual({ dailyDigest: true });
    expect((await call(ana, 'GET', '/api/notification-settings')).json()).toEqual({ dailyDigest: false });
    await call(carla, 'PUT', '/api/notification-settings', { dailyDigest: false });
    expect((await call(carla, 'GET', '/api/notification-settings')).json()).toEqual({ dailyDigest: false });
    const bad = await call(carla, 'PUT', '/api/notification-settings', { dailyDigest: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the daily digest', () => {
  it('queues one mail a day to each person who asked for it, in their language, with links to the devices', async () => {
    const service = createNotificationsService({
      db: ctx.db,
      outbox: ctx.app.mailOutbox,
      appUrl: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }).APP_URL,
    });
    const diego = await person('OPERADOR', 'Diego');
    const elena = await person('OPERADOR', 'Elena');
    const quiet = await person('OPERADOR', 'Fábio');
    const appUser = await person('USER', 'Gil');
    await ctx.query(sql`update users set language = 'en-US' where id = ${diego.id}`);
    await ctx.query(sql`update users set language = 'es-ES' where id = ${elena.id}`);
    for (const who of [diego, elena, appUser])
      await call(who, 'PUT', '/api/notification-settings', { dailyDigest: true });
    // The app user cannot set it through the API; written directly, it is still never mailed.
    await ctx.query(sql`insert into notification_settings (user_id, daily_digest) values (${appUser.id}, true)
      on conflict (user_id) do update set daily_digest = true`);
    await call(quiet, 'PUT', '/api/notification-settings', { dailyDigest: false });

    const device = await troubledDevice();
    // A device in Tokyo last heard from at 06:30 UTC: its last contact is told on Tokyo's clock.
    await ctx.query(sql`update locations set time_zone = 'Asia/Tokyo' where id = ${device.locationId}`);
    await markSeen(ctx, device.deviceId, new Date('2026-11-24T06:30:00Z'));
    await runAlertsJob({ db: ctx.db, ...JOB }, new Date('2026-11-25T15:00:00Z'));
    const day = new Date('2026-11-26T09:00:00Z');
    // Two instances at once: each person's day is claimed by one of them.
    const queued = await Promise.all([service.queueDigests(day), service.queueDigests(day)]);
    expect(queued[0] + queued[1]).toBe(2);
    expect(await service.queueDigests(new Date('2026-11-26T23:00:00Z'))).toBe(0);

    const mails = await ctx.query<{
      user_id: number;
      kind: string;
      language: string;
      subject: string;
      text: string;
      html: string;
    }>(
      sql`select user_id, kind, language, subject, text, html from mail_outbox where kind = 'alertsDigest' order by user_id`,
    );
    expect(mails.map((mail) => [mail.user_id, mail.language])).toEqual([
      [diego.id, 'en-US'],
      [elena.id, 'es-ES'],
    ]);
    const [english, spanish] = mails;
    const link = `/admin/devices/${device.deviceId}/update`;
    expect(english?.subject).toMatch(/^Scentia: \d+ open alert\(s\)$/);
    expect(english?.text).toContain('Hello, Diego!');
    expect(english?.text).toContain('Capsule empty');
    expect(english?.text).toContain('The capsule is empty.');
    expect(english?.text).toContain('Replace the capsule: it is empty.');
    expect(english?.text).not.toContain('runs out');
    expect(english?.text).toContain('Last heard from: Nov 24, 2026, 3:30 PM (Asia/Tokyo)');
    expect(english?.text).toContain(link);
    expect(english?.html).toContain(link);
    expect(spanish?.text).toContain('¡Hola, Elena!');
    expect(spanish?.text).toContain('Difusor sin conexión');
    expect(spanish?.text).toContain('Cápsula vacía');
    expect(spanish?.text).toContain('(Asia/Tokyo)');

    // The next day, again once.
    expect(await service.queueDigests(new Date('2026-11-27T09:00:00Z'))).toBe(2);
    // With no open alert, nothing is queued and the day stays unclaimed.
    await ctx.query(sql`update alerts set cleared_at = now() where cleared_at is null`);
    expect(await service.queueDigests(new Date('2026-11-28T09:00:00Z'))).toBe(0);
    const [claimed] = await ctx.query<{ day: string }>(
      sql`select last_digest_on::text as day from notification_settings where user_id = ${diego.id}`,
    );
    expect(claimed?.day).toBe('2026-11-27');
  });
});
