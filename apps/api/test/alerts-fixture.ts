import { sql } from 'drizzle-orm';
import { deviceGround, insertCapsule, insertDevice, markSeen } from './device-fixtures.ts';
import type { TestContext } from './test-app.ts';

/** The alerts job's tests on a controlled clock: Wednesday 2026-11-25 12:00 in São Paulo. */
export const NOW = new Date('2026-11-25T15:00:00Z');
export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const JOB = { windowDays: 14, capsuleDays: 7, offlineHours: 24 };
// Open 10:00–22:00 Monday to Saturday. The window (from 2026-11-12 00:00 UTC, a Wednesday 21:00 in
// São Paulo, to now) holds 135 on-hours: 1,350 counted shots are 10 an hour.
const SHOP = {
  ranges: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '22:00', intensity: 60 })),
};

type AlertRow = {
  id: number;
  kind: string;
  severity: string;
  can_keep_running: boolean;
  device_id: number;
  capsule_id: number | null;
  runs_out_on: string | null;
  due_date: string | null;
  cleared_at: string | null;
};

export const alertsOf = (ctx: TestContext, deviceIds: number[]) =>
  ctx.query<AlertRow>(sql`
    select id, kind, severity, can_keep_running, device_id, capsule_id, runs_out_on::text, due_date::text,
      cleared_at::text
    from alerts where device_id in (${sql.join(deviceIds, sql`, `)}) order by id`);

/** A shop with `schedule` (by default SHOP) and a device in it, seen an hour ago, provisioned a month ago. */
export async function shopDevice(ctx: TestContext, schedule: object = SHOP) {
  const ground = await deviceGround(ctx);
  await ctx.query(
    sql`update locations set schedule = ${JSON.stringify(schedule)}::jsonb where id = ${ground.locationId}`,
  );
  const device = await insertDevice(ctx, ground);
  await ctx.query(sql`update devices set provisioned_at = ${new Date(NOW.getTime() - 30 * DAY_MS).toISOString()}
    where id = ${device.deviceId}`);
  await markSeen(ctx, device.deviceId, new Date(NOW.getTime() - HOUR_MS));
  return { ...ground, ...device };
}

/** A capsule in service for a month, with `windowShots` counted over the window's days. */
export async function capsuleIn(
  ctx: TestContext,
  device: { deviceId: number; fragranceId: number },
  slot: number,
  remainingShots: number,
  windowShots = 0,
) {
  const capsule = await insertCapsule(ctx, {
    deviceId: device.deviceId,
    slot,
    fragranceId: device.fragranceId,
    remainingShots,
  });
  await ctx.query(sql`update capsules set created_at = ${new Date(NOW.getTime() - 30 * DAY_MS).toISOString()}
    where id = ${capsule.capsuleId}`);
  if (windowShots > 0)
    await ctx.query(sql`insert into capsule_shot_days (capsule_id, day, shots) values
      (${capsule.capsuleId}, '2026-11-13', ${windowShots / 2}), (${capsule.capsuleId}, '2026-11-24', ${windowShots / 2}),
      (${capsule.capsuleId}, '2026-11-01', 99999)`);
  return capsule;
}
