import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Months created ahead of the current one, so a day's batches never wait for the job. */
const MONTHS_AHEAD = 2;

/** The first instant of the UTC month `months` before (negative: after) the one of `now`. */
function monthStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

/** The oldest shot time kept: the start of the month `retentionMonths` before the current one. */
export function oldestShotTime(now: Date, retentionMonths: number): Date {
  return monthStart(now, retentionMonths);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Keeps the shots table's monthly partitions: every month retention keeps and the next two exist;
 * months older than retention are dropped whole, and the batches' sequence records with them (a
 * sequence older than that would carry shots refused as too old anyway). Safe to run from several
 * instances at once: one at a time under an advisory lock (two `create table if not exists` of one
 * partition at the same moment collide in the catalogue), and the later finds nothing left to do.
 */
export async function maintainShotPartitions(options: {
  db: Database;
  retentionMonths: number;
  now?: Date;
}): Promise<{ created: number; dropped: number; batchesPruned: number }> {
  const now = options.now ?? new Date();
  const oldest = oldestShotTime(now, options.retentionMonths);
  const last = monthStart(now, -MONTHS_AHEAD);
  const rows = (result: unknown) => (result as { rows: Record<string, number>[] }).rows[0] ?? {};
  return options.db.transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('scentia.shot-partitions'))`);
    return maintainLocked(db, oldest, last, rows);
  });
}

async function maintainLocked(
  db: Pick<Database, 'execute'>,
  oldest: Date,
  last: Date,
  rows: (result: unknown) => Record<string, number>,
) {
  const created = rows(
    await db.execute(sql`select ensure_shot_partitions(${day(oldest)}::date, ${day(last)}::date) as created`),
  ).created;
  const dropped = rows(
    await db.execute(sql`select drop_shot_partitions_before(${day(oldest)}::date) as dropped`),
  ).dropped;
  const pruned = rows(
    await db.execute(sql`
      with gone as (delete from shot_batches where received_at < ${oldest.toISOString()}::timestamptz returning 1)
      select count(*)::int as pruned from gone`),
  ).pruned;
  return { created: Number(created ?? 0), dropped: Number(dropped ?? 0), batchesPruned: Number(pruned ?? 0) };
}
