import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const DAY_MS = 86_400_000;

export type PruneAuditTrailOptions = {
  /** The plain handle (not the audited one): pruning is no one's change and leaves no event. */
  db: Database;
  retentionDays: number;
  /** The clock the cut-off is read from; tests pass their own. */
  now?: Date;
  /** Events a transaction deletes, with their changes. */
  batchSize?: number;
};

/**
 * Deletes the audit events older than the retention period, with their changes; answers how many
 * events it removed. The deleting is migration 0032's audit_prune, which runs as the owner of the trail
 * (the runtime role may not delete from it) and removes nothing younger than the owner's retention,
 * whatever cut-off it is given. Each batch is its own short statement, so a prune of a million events
 * never holds locks for long and a request writing its own event meanwhile waits for one batch at most.
 */
export async function pruneAuditTrail(options: PruneAuditTrailOptions): Promise<number> {
  const { db, retentionDays, now = new Date(), batchSize = 5_000 } = options;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const result = (await db.execute(
      sql`select audit_prune(${cutoff}::timestamptz, ${batchSize}) as total`,
    )) as unknown as { rows: { total: number }[] };
    const deleted = Number(result.rows[0]?.total ?? 0);
    removed += deleted;
    if (deleted < batchSize) return removed;
  }
}
