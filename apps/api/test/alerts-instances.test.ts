import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { AlertsRepository } from '../src/modules/alerts/alerts.repository.ts';
import { ALERT_SEVERITY_RULES, CAPSULE_LOW_LEVEL_PERCENT } from '../src/modules/alerts/alerts-job.ts';
import { deviceGround, insertCapsule, insertDevice, markSeen } from './device-fixtures.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from './test-app.ts';

/**
 * Several instances of the server on one database, each running the alerts job when it starts: one
 * alert per condition, cleared once. On PostgreSQL the second instance has its own pool.
 */
const HOUR_MS = 3_600_000;

let ctx: TestContext;
let second: DatabaseHandle;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.jobSettled('alerts');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const [row] = await ctx.query<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(serverUrl);
    url.pathname = `/${row?.name}`;
    second = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
  } else {
    const db = ctx.db;
    second = {
      db,
      plannedOnceDb: db,
      driver: 'pglite',
      inMemberTransaction: (scope, work) => ctx.database.inMemberTransaction(scope, work),
      inOneTransaction: (work) => ctx.database.inOneTransaction(work),
      migrate: async () => {},
      whileMigrationsLocked: (work) => work(),
      ping: async () => true,
      listen: (channel, events) => ctx.database.listen(channel, events),
      close: async () => {},
    };
  }
});
afterAll(async () => {
  await second?.close();
  await ctx.close();
});

/**
 * Two more instances started at once, then closed. Each tries the alerts job at start-up; the job runs
 * once per period across the instances (lib/jobs/period-claims.ts), so the period the first instance
 * took is given back first and the two contend for it.
 */
async function startTwoInstances() {
  await ctx.query(sql`delete from settings where key = 'job-period:alerts'`);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET });
  const ownHandle: DatabaseHandle = { ...second, db: ctx.db, plannedOnceDb: ctx.db };
  const apps = await Promise.all([
    buildApp({ config, database: ownHandle }),
    buildApp({ config, database: second }),
  ]);
  await Promise.all(apps.map((app) => app.ready()));
  for (const app of apps) {
    for (;;) {
      const { jobs } = (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
        jobs: { name: string; isRunning: boolean; lastOutcome: string | null }[];
      };
      const job = jobs.find((entry) => entry.name === 'alerts');
      if (job?.lastOutcome && !job.isRunning) {
        expect(job.lastOutcome).toBe('ok');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  await Promise.all(apps.map((app) => app.close()));
}

const openAlerts = (deviceId: number) =>
  ctx.query<{ id: number; kind: string; cleared_at: string | null }>(sql`
    select id, kind, cleared_at::text from alerts where device_id = ${deviceId} order by id`);

describe('the alerts job on several instances', () => {
  it('raises one alert per condition and clears it once', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    await ctx.query(
      sql`update devices set provisioned_at = now() - interval '10 days' where id = ${deviceId}`,
    );
    await markSeen(ctx, deviceId, new Date(Date.now() - 48 * HOUR_MS));
    const capsule = await insertCapsule(ctx, {
      deviceId,
      slot: 1,
      fragranceId: ground.fragranceId,
      remainingShots: 0,
    });

    await startTwoInstances();
    const raised = await openAlerts(deviceId);
    expect(raised.map((alert) => [alert.kind, alert.cleared_at])).toEqual([
      ['capsuleEmpty', null],
      ['deviceOffline', null],
    ]);

    await markSeen(ctx, deviceId, new Date());
    await ctx.query(
      sql`update capsule_levels set remaining_shots = 900 where capsule_id = ${capsule.capsuleId}`,
    );
    await startTwoInstances();
    const cleared = await openAlerts(deviceId);
    expect(cleared.map((alert) => alert.id)).toEqual(raised.map((alert) => alert.id));
    expect(cleared.every((alert) => alert.cleared_at !== null)).toBe(true);
  });

  it('keeps one open alert per condition even without the job’s lock', async () => {
    const ground = await deviceGround(ctx);
    const { deviceId } = await insertDevice(ctx, ground);
    await ctx.query(
      sql`update devices set provisioned_at = now() - interval '10 days' where id = ${deviceId}`,
    );
    const rules = {
      now: new Date(),
      capsuleDays: 7,
      offlineHours: 24,
      lowLevelPercent: CAPSULE_LOW_LEVEL_PERCENT,
      ...ALERT_SEVERITY_RULES,
    };
    const results = await Promise.all(
      [ctx.db, second.db, ctx.db, second.db].map((db) => new AlertsRepository(db).raiseAndClear(rules)),
    );
    expect(results.reduce((sum, result) => sum + result.raised, 0)).toBe(1);
    expect((await openAlerts(deviceId)).map((alert) => alert.kind)).toEqual(['deviceOffline']);
  });
});
