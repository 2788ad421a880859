import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const DAY_MS = 86_400_000;

/** How often the roll-up job runs: a day is rolled up within this long after it closes (UTC). */
export const SHOT_ROLLUPS_INTERVAL_MS = 15 * 60_000;

export type ShotRollupsJobResult = { steps: number; rolledThrough: string | null };

/**
 * The roll-up job (migration 0029, schema/shot-rollups.ts): every closed UTC day (before today, by
 * `now`) not yet rolled up is added to the roll-ups, one day per transaction (`roll_up_shot_counts`),
 * so that a run stopped at any point leaves the roll-ups and their watermark consistent and the next
 * run goes on from there. Several instances may run it at once: their steps queue on an advisory lock
 * and a day is rolled up once. Answers the steps taken and the watermark reached (null when none).
 */
export async function runShotRollupsJob(db: Database, now = new Date()): Promise<ShotRollupsJobResult> {
  const through = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS).toISOString().slice(0, 10);
  let steps = 0;
  let rolledThrough: string | null = null;
  for (;;) {
    const { rows } = (await db.execute(
      sql`select roll_up_shot_counts(${through}::date)::text as rolled`,
    )) as unknown as { rows: { rolled: string | null }[] };
    const rolled = rows[0]?.rolled ?? null;
    if (rolled === null) return { steps, rolledThrough };
    steps += 1;
    rolledThrough = rolled;
  }
}
