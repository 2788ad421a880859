import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accessLog } from '../../db/schema/index.ts';

const DAY_MS = 86_400_000;

export type PruneAccessLogOptions = {
  db: Database;
  retentionDays: number;
  /** The clock the cut-off is read from; tests pass their own. */
  now?: Date;
  /** Rows a statement deletes: each batch is its own short statement, so no prune holds one long lock. */
  batchSize?: number;
};

/** Deletes the records older than the retention period; answers how many it removed. */
export async function pruneAccessLog(options: PruneAccessLogOptions): Promise<number> {
  const { db, retentionDays, now = new Date(), batchSize = 5_000 } = options;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  let removed = 0;
  for (;;) {
    const batch = db
      .select({ id: accessLog.id })
      .from(accessLog)
      .where(lt(accessLog.occurredAt, cutoff))
      .limit(batchSize);
    const rows = await db
      .delete(accessLog)
      .where(sql`${accessLog.id} in (${batch})`)
      .returning({ id: accessLog.id });
    removed += rows.length;
    if (rows.length < batchSize) return removed;
  }
}
