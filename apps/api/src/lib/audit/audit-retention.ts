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
 * events it removed. Each batch is its own short transaction, which tells the guard trigger
 * (migration 0011) that this is the retention job, so a prune of a million events never holds locks
 * for long and a request writing its own event meanwhile waits for one batch at most.
 */
export async function pruneAuditTrail(options: PruneAuditTrailOptions): Promise<number> {
  const { db, retentionDays, now = new Date(), batchSize = 5_000 } = options;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('scentia.audit_maintenance', 'prune', true)`);
      // Oldest first, along audit_events_occurred_at_idx: a batch reads only the rows it deletes.
      const result = (await tx.execute(sql`
        with gone as (
          delete from audit_events where id in (
            select id from audit_events where occurred_at < ${cutoff}::timestamptz
            order by occurred_at, id limit ${batchSize}
          ) returning id
        ), changes as (
          delete from audit_changes where event_id in (select id from gone)
        ) select count(*)::int as total from gone`)) as unknown as { rows: { total: number }[] };
      return Number(result.rows[0]?.total ?? 0);
    });
    removed += deleted;
    if (deleted < batchSize) return removed;
  }
}
