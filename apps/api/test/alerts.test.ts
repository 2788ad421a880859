import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlertsJob } from '../src/modules/alerts/alerts-job.ts';
import { alertsOf, capsuleIn, HOUR_MS, JOB, NOW, shopDevice } from './alerts-fixture.ts';
import { markSeen } from './device-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The alerts job on a controlled clock: forecasts written, each kind of alert raised once, kept up to
 * date while open, cleared once when its condition stops. Wednesday 2026-11-25 12:00 in São Paulo.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.jobSettled('alerts');
});
afterAll(() => ctx.close());

describe('the alerts job', () => {
  it('forecasts each capsule, raises each kind once, keeps it up to date, clears it once', async () => {
    const shop = await shopDevice(ctx);
    const soon = await capsuleIn(ctx, shop, 1, 100, 1_350); // 10 on-hours left today: runs out today
    const later = await capsuleIn(ctx, shop, 2, 400, 1_350); // today 100, Thu 120, Fri 120, Sat → Saturday
    const far = await capsuleIn(ctx, shop, 3, 1_000, 1_350); // Friday 2026-12-04, beyond 7 days
    const empty = await capsuleIn(ctx, shop, 4, 0);
    const expired = await capsuleIn(ctx, shop, 5, 500);
    await ctx.query(sql`update capsules set due_date = '2026-11-15' where id = ${expired.capsuleId}`);
    // Offline for 30 hours (a warning), provisioned and never heard from (critical), never provisioned.
    const silent = await shopDevice(ctx);
    await markSeen(ctx, silent.deviceId, new Date(NOW.getTime() - 30 * HOUR_MS));
    const never = await shopDevice(ctx);
    await ctx.query(sql`delete from device_states where device_id = ${never.deviceId}`);
    const unprovisioned = await shopDevice(ctx);
    await ctx.query(sql`update devices set provisioned_at = null where id = ${unprovisioned.deviceId}`);
    await ctx.query(sql`delete from device_states where device_id = ${unprovisioned.deviceId}`);
    const devices = [shop.deviceId, silent.deviceId, never.deviceId, unprovisioned.deviceId];

    const first = await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    expect(first).toMatchObject({ skipped: false, raised: 6, updated: 0, cleared: 0 });
    const forecasts = await ctx.query<{
      capsule_id: number;
      runs_out_on: string | null;
      shots_per_hour: number;
    }>(
      sql`select capsule_id, runs_out_on::text, shots_per_hour from capsule_forecasts
          where capsule_id in (${soon.capsuleId}, ${later.capsuleId}, ${far.capsuleId}, ${empty.capsuleId}, ${expired.capsuleId})
          order by capsule_id`,
    );
    expect(forecasts).toEqual([
      { capsule_id: soon.capsuleId, runs_out_on: '2026-11-25', shots_per_hour: 10 },
      { capsule_id: later.capsuleId, runs_out_on: '2026-11-28', shots_per_hour: 10 },
      { capsule_id: far.capsuleId, runs_out_on: '2026-12-04', shots_per_hour: 10 },
      { capsule_id: empty.capsuleId, runs_out_on: '2026-11-25', shots_per_hour: 0 },
      { capsule_id: expired.capsuleId, runs_out_on: null, shots_per_hour: 0 },
    ]);

    const raised = await alertsOf(ctx, devices);
    const summary = raised.map((alert) => [alert.kind, alert.capsule_id ?? alert.device_id, alert.severity]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['capsuleRunningOut', soon.capsuleId, 'critical'],
        ['capsuleRunningOut', later.capsuleId, 'warning'],
        ['capsuleEmpty', empty.capsuleId, 'critical'],
        ['capsulePastDue', expired.capsuleId, 'critical'],
        ['deviceOffline', silent.deviceId, 'warning'],
        ['deviceOffline', never.deviceId, 'critical'],
      ]),
    );
    expect(raised).toHaveLength(6);
    // Other capsules still have shots: the device keeps running when one of them is empty.
    expect(raised.find((alert) => alert.capsule_id === empty.capsuleId)?.can_keep_running).toBe(true);
    // The silent device has no capsule with shots left.
    expect(raised.find((alert) => alert.device_id === silent.deviceId)?.can_keep_running).toBe(false);

    // Nothing changed: nothing raised, updated or cleared, still one alert per condition.
    expect(await runAlertsJob({ db: ctx.db, ...JOB }, NOW)).toMatchObject({
      raised: 0,
      updated: 0,
      cleared: 0,
    });
    expect(await alertsOf(ctx, devices)).toEqual(raised);

    // The later capsule loses shots (now Friday: critical), the silent device calls, the expired
    // capsule is taken out.
    await ctx.query(
      sql`update capsule_levels set remaining_shots = 250 where capsule_id = ${later.capsuleId}`,
    );
    await markSeen(ctx, silent.deviceId, NOW);
    await ctx.query(sql`update capsules set device_id = null, slot = null, deleted_at = now()
      where id = ${expired.capsuleId}`);
    expect(await runAlertsJob({ db: ctx.db, ...JOB }, NOW)).toMatchObject({
      raised: 0,
      updated: 1,
      cleared: 2,
    });
    const after = await alertsOf(ctx, devices);
    expect(after.find((alert) => alert.capsule_id === later.capsuleId)).toMatchObject({
      severity: 'critical',
      runs_out_on: '2026-11-27',
      cleared_at: null,
    });
    const cleared = after.filter((alert) => alert.cleared_at !== null);
    expect(cleared.map((alert) => alert.id).sort()).toEqual(
      raised
        .filter((alert) => alert.capsule_id === expired.capsuleId || alert.device_id === silent.deviceId)
        .map((alert) => alert.id)
        .sort(),
    );
    expect(await runAlertsJob({ db: ctx.db, ...JOB }, NOW)).toMatchObject({
      raised: 0,
      updated: 0,
      cleared: 0,
    });

    // Silent again later: a new alert, the cleared one stays as it was.
    await markSeen(ctx, silent.deviceId, new Date(NOW.getTime() - 30 * HOUR_MS));
    expect(await runAlertsJob({ db: ctx.db, ...JOB }, NOW)).toMatchObject({ raised: 1, cleared: 0 });
    const silentAlerts = (await alertsOf(ctx, [silent.deviceId])).map((alert) => alert.cleared_at === null);
    expect(silentAlerts).toEqual([false, true]);

    // A retired device's alerts are cleared, capsules' included.
    await ctx.query(sql`update devices set deleted_at = now() where id = ${shop.deviceId}`);
    await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    expect((await alertsOf(ctx, [shop.deviceId])).every((alert) => alert.cleared_at !== null)).toBe(true);
    const [left] = await ctx.query<{ total: number }>(sql`select count(*)::int as total from capsule_forecasts
      where capsule_id = ${soon.capsuleId}`);
    expect(left?.total).toBe(0);
  });

  it('shows each capsule’s forecast in the capsules list, its export and the device page', async () => {
    const shop = await shopDevice(ctx);
    const later = await capsuleIn(ctx, shop, 1, 400, 1_350);
    const idle = await capsuleIn(ctx, shop, 2, 400);
    await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    const staff = await ctx.createAccount({ profile: 'OPERADOR' });
    const { token } = await ctx.signIn(staff.email, staff.password);
    const get = (url: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-language': 'en-US' },
      });

    const list = (await get(`/api/capsules?deviceId=${shop.deviceId}&orderBy=SerialNumber`)).json() as {
      data: { capsuleId: number; runsOutOn: string | null }[];
    };
    expect(list.data.map((row) => [row.capsuleId, row.runsOutOn]).sort()).toEqual(
      [
        [later.capsuleId, '2026-11-28'],
        [idle.capsuleId, null],
      ].sort(),
    );
    const record = (await get(`/api/devices/${shop.deviceId}`)).json() as {
      capsules: { capsuleId: number; runsOutOn: string | null }[];
    };
    expect(record.capsules.map((capsule) => [capsule.capsuleId, capsule.runsOutOn])).toEqual([
      [later.capsuleId, '2026-11-28'],
      [idle.capsuleId, null],
    ]);

    const exported = await get(`/api/capsules/export?deviceId=${shop.deviceId}`);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headers = (sheet?.getRow(1).values ?? []) as unknown[];
    const column = headers.indexOf('Runs out on');
    expect(column).toBeGreaterThan(0);
    const days = [2, 3].map((row) => sheet?.getRow(row).getCell(column).value ?? null);
    expect(days.sort()).toEqual(['2026-11-28', null].sort());

    // Taken out of the device: no forecast any more.
    await ctx.query(
      sql`update capsules set device_id = null, slot = null, deleted_at = now() where id = ${later.capsuleId}`,
    );
    await runAlertsJob({ db: ctx.db, ...JOB }, NOW);
    const out = (await get(`/api/capsules/${later.capsuleId}`)).json() as { runsOutOn: string | null };
    expect(out.runsOutOn).toBeNull();
  });
});
