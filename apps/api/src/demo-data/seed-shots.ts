import { scheduledIntensityAt } from '@scentia/shared/schedule-times';
import type { Schedule } from '@scentia/shared/schedules.schemas';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { capsuleLevels, capsules, shotBatches, shots } from '../db/schema/index.ts';
import { CAPSULE_SIZE, type Random } from './fleet.ts';

/**
 * A demo device's past: the capsules it held (emptied ones taken out and replaced a day or so later),
 * the shots its schedule allowed, quarter-hour by quarter-hour, and the hourly batches that carried
 * them. Generated in memory, then written once: raw shots, their batches, and the aggregates the
 * dashboard reads, summed from those same rows, so the totals agree to the shot.
 */
export type DeviceHistoryPlan = {
  deviceId: number;
  macAddress: string;
  locationId: number;
  campaignId: number;
  collection: { slot: number; fragranceId: number }[];
  schedule: Schedule;
  timeZone: string;
  from: Date;
  /** When the device was last heard from: its history ends there. */
  until: Date;
};

type PlannedCapsule = {
  serialNumber: string;
  fragranceId: number;
  sizeShots: number;
  remainingShots: number;
  deviceId: number | null;
  slot: number | null;
  dueDate: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};
type PlannedShot = {
  shotAt: Date;
  capsule: PlannedCapsule;
  slot: number;
  count: number;
  fragranceId: number;
  batchSequence: number;
};

const STEP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * A first capsule's due date: rarely past (each one is an alert, and a demo fleet with dozens of them
 * would look neglected), now and then within the week, mostly months ahead.
 */
function firstDueDate(random: Random, now: number): string {
  const roll = random.next();
  if (roll < 0.025) return isoDate(now - random.between(1, 30) * DAY_MS);
  if (roll < 0.15) return isoDate(now + random.between(0, 7) * DAY_MS);
  return isoDate(now + random.between(8, 180) * DAY_MS);
}

/** One device's capsules, shots and batches, from its schedule and the seeded generator. */
export function planHistory(plan: DeviceHistoryPlan, random: Random, now: number) {
  const serialBase = `SC${plan.macAddress.slice(6)}`;
  const generations = new Map<number, number>();
  const newCapsule = (slot: number, fragranceId: number, installedAt: number, level: number, due: string) => {
    const generation = (generations.get(slot) ?? 0) + 1;
    generations.set(slot, generation);
    const installed = new Date(installedAt);
    return {
      serialNumber: `${serialBase}-${String(slot).padStart(2, '0')}-${generation}`,
      fragranceId,
      sizeShots: CAPSULE_SIZE,
      remainingShots: level,
      deviceId: plan.deviceId,
      slot,
      dueDate: due,
      createdAt: installed,
      updatedAt: installed,
      deletedAt: null,
    } satisfies PlannedCapsule;
  };
  const planned: PlannedCapsule[] = [];
  const inSlot = new Map<number, PlannedCapsule>();
  /** Slots emptied and waiting for a new capsule, with the time it goes in. */
  const refills = new Map<number, number>();
  const installedAt = plan.from.getTime() - random.between(1, 20) * DAY_MS;
  for (const { slot, fragranceId } of plan.collection) {
    const level = Math.round(CAPSULE_SIZE * (0.35 + 0.65 * random.next()));
    const capsule = newCapsule(slot, fragranceId, installedAt, level, firstDueDate(random, now));
    planned.push(capsule);
    inSlot.set(slot, capsule);
  }

  const entries: PlannedShot[] = [];
  const batches: { sequence: number; shots: number; receivedAt: Date }[] = [];
  let sequence = 0;
  let batchHour = -1;
  const end = plan.until.getTime();
  for (let step = Math.ceil(plan.from.getTime() / STEP_MS) * STEP_MS; step < end; step += STEP_MS) {
    for (const [slot, at] of refills) {
      if (at > step) continue;
      const fragranceId = plan.collection.find((item) => item.slot === slot)?.fragranceId as number;
      const capsule = newCapsule(slot, fragranceId, at, CAPSULE_SIZE, isoDate(at + 180 * DAY_MS));
      planned.push(capsule);
      inSlot.set(slot, capsule);
      refills.delete(slot);
    }
    // Every demo zone is a whole number of hours off UTC and every range starts on the hour, so a
    // quarter-hour runs at one intensity throughout.
    const intensity = scheduledIntensityAt(plan.schedule, plan.timeZone, new Date(step));
    const wanted = Math.floor(intensity / 4 + random.next());
    const ready = [...inSlot.values()].filter((capsule) => capsule.remainingShots > 0);
    if (wanted === 0 || ready.length === 0) continue;
    const capsule = random.pick(ready);
    const count = Math.min(wanted, capsule.remainingShots);
    const shotAt = new Date(Math.min(step + Math.floor(random.next() * STEP_MS), end - 1_000));
    const hour = Math.floor(step / HOUR_MS);
    if (hour !== batchHour) {
      batchHour = hour;
      sequence += 1;
      batches.push({ sequence, shots: 0, receivedAt: new Date(Math.min((hour + 1) * HOUR_MS + 5_000, end)) });
    }
    (batches.at(-1) as { shots: number }).shots += count;
    entries.push({
      shotAt,
      capsule,
      slot: capsule.slot as number,
      count,
      fragranceId: capsule.fragranceId,
      batchSequence: sequence,
    });
    capsule.remainingShots -= count;
    capsule.updatedAt = shotAt;
    if (capsule.remainingShots === 0) {
      // Taken out empty; a new one goes in after the next visit, two hours to a day and a half later.
      const removedAt = step + random.between(2, 36) * HOUR_MS;
      capsule.deletedAt = new Date(Math.min(removedAt, end));
      inSlot.delete(capsule.slot as number);
      if (removedAt < end) refills.set(capsule.slot as number, removedAt);
    }
  }
  // An emptied capsule still in the device when the history ends stays in its slot, at zero.
  for (const capsule of planned) {
    if (capsule.deletedAt && capsule.deletedAt.getTime() < end) {
      capsule.deviceId = null;
      capsule.slot = null;
    } else capsule.deletedAt = null;
  }
  return { planned, entries, batches };
}

const CHUNK = 2_000;

/** Writes every device's history; answers how many capsules and shots it wrote. */
export async function seedDemoShots(db: Database, plans: DeviceHistoryPlan[], random: Random, now: Date) {
  if (plans.length === 0) return { capsules: 0, shots: 0 };
  const from = Math.min(...plans.map((plan) => plan.from.getTime()));
  await db.execute(
    sql`select ensure_shot_partitions(${isoDate(from)}::date, ${isoDate(now.getTime())}::date)`,
  );
  let shotTotal = 0;
  let capsuleTotal = 0;
  for (const plan of plans) {
    const { planned, entries, batches } = planHistory(plan, random, now.getTime());
    const ids = await db
      .insert(capsules)
      .values(planned.map(({ remainingShots: _level, ...capsule }) => capsule))
      .returning({ id: capsules.id, serialNumber: capsules.serialNumber });
    const idOf = new Map(ids.map((row) => [row.serialNumber, row.id]));
    await db.insert(capsuleLevels).values(
      planned.map((capsule) => ({
        capsuleId: idOf.get(capsule.serialNumber) as number,
        remainingShots: capsule.remainingShots,
      })),
    );
    const rows = entries.map((entry) => ({
      shotAt: entry.shotAt,
      deviceId: plan.deviceId,
      locationId: plan.locationId,
      campaignId: plan.campaignId,
      fragranceId: entry.fragranceId,
      capsuleId: idOf.get(entry.capsule.serialNumber) as number,
      slot: entry.slot,
      count: entry.count,
      batchSequence: entry.batchSequence,
    }));
    for (let index = 0; index < rows.length; index += CHUNK)
      await db.insert(shots).values(rows.slice(index, index + CHUNK));
    for (let index = 0; index < batches.length; index += CHUNK)
      await db
        .insert(shotBatches)
        .values(batches.slice(index, index + CHUNK).map((batch) => ({ deviceId: plan.deviceId, ...batch })));
    shotTotal += entries.reduce((sum, entry) => sum + entry.count, 0);
    capsuleTotal += planned.length;
  }
  // The aggregates, summed from the raw rows just written (UTC hours and days, as ingestion keys them):
  // the hourly and daily counts the dashboard reads, and each capsule's days for its forecast.
  const deviceIds = plans.map((plan) => plan.deviceId);
  await db.execute(sql`
    insert into shot_counts_hourly as h (hour, location_id, campaign_id, fragrance_id, shots)
    select date_trunc('hour', shot_at at time zone 'UTC') at time zone 'UTC', location_id, campaign_id,
      fragrance_id, sum(count)
    from ${shots} where ${inArray(shots.deviceId, deviceIds)}
    group by 1, 2, 3, 4
    on conflict (hour, location_id, campaign_id, fragrance_id) do update set shots = h.shots + excluded.shots`);
  await db.execute(sql`
    insert into shot_counts_daily as d (day, location_id, campaign_id, fragrance_id, shots)
    select (shot_at at time zone 'UTC')::date, location_id, campaign_id, fragrance_id, sum(count)
    from ${shots} where ${inArray(shots.deviceId, deviceIds)}
    group by 1, 2, 3, 4
    on conflict (day, location_id, campaign_id, fragrance_id) do update set shots = d.shots + excluded.shots`);
  await db.execute(sql`
    insert into capsule_shot_days as d (capsule_id, day, shots)
    select capsule_id, (shot_at at time zone 'UTC')::date, sum(count)
    from ${shots} where ${inArray(shots.deviceId, deviceIds)}
    group by 1, 2
    on conflict (capsule_id, day) do update set shots = d.shots + excluded.shots`);
  // Each device's own hours and days (migration 0038): the devices list's shots in a period.
  await db.execute(sql`
    insert into shot_counts_device_hourly as h (device_id, hour, campaign_id, shots)
    select device_id, date_trunc('hour', shot_at at time zone 'UTC') at time zone 'UTC', campaign_id, sum(count)
    from ${shots} where ${inArray(shots.deviceId, deviceIds)}
    group by 1, 2, 3
    on conflict (device_id, hour, campaign_id) do update set shots = h.shots + excluded.shots`);
  await db.execute(sql`
    insert into shot_counts_device_daily as d (device_id, day, campaign_id, shots)
    select device_id, (shot_at at time zone 'UTC')::date, campaign_id, sum(count)
    from ${shots} where ${inArray(shots.deviceId, deviceIds)}
    group by 1, 2, 3
    on conflict (device_id, day, campaign_id) do update set shots = d.shots + excluded.shots`);
  // The dashboard's roll-ups (migration 0029) rebuilt from the daily counts up to their watermark.
  await db.execute(sql`select rebuild_shot_rollups(rolled_through) from shot_rollup_state`);
  return { capsules: capsuleTotal, shots: shotTotal };
}
