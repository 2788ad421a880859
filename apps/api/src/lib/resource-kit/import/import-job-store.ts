import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { recordImports } from '../../../db/schema/index.ts';
import { claimLeased } from '../../jobs/leased-claims.ts';

export type ImportJobRow = typeof recordImports.$inferSelect;
export type NewImportJob = typeof recordImports.$inferInsert;

/** A claimed job as the claim's statement answers it (snake_case columns). */
type ClaimedRow = { id: string };

/** The report of a job as it stands (queued, running with its progress, or its end). */
export function reportOf(job: ImportJobRow): ImportReport {
  return {
    id: job.id,
    recordType: job.recordType,
    mode: job.mode,
    state: job.state,
    fileName: job.fileName,
    processed: job.processed,
    total: job.total,
    counts: job.counts,
    errors: job.errors,
    errorsTruncated: job.errorsTruncated,
    applied: job.applied,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

const isUnfinished = inArray(recordImports.state, ['queued', 'running']);
/** The worker's own claim: a job it lost (its lease ran out and another took it) is no longer its. */
const heldBy = (id: string, workerId: string) =>
  and(eq(recordImports.id, id), eq(recordImports.lockedBy, workerId), eq(recordImports.state, 'running'));

/** The import jobs' table: SQL only; the rules are in import-jobs.ts. */
export function importJobStore(db: Database) {
  return {
    async insert(tx: Database, job: NewImportJob): Promise<ImportJobRow> {
      const [row] = await tx.insert(recordImports).values(job).returning();
      if (!row) throw new Error('Import job not stored');
      return row;
    },

    async find(id: string): Promise<ImportJobRow | undefined> {
      const [row] = await db.select().from(recordImports).where(eq(recordImports.id, id));
      return row;
    },

    /**
     * Ends the running jobs whose worker died (their lease ran out) and that are not to be retaken:
     * cancelled when a cancel was asked meanwhile, failed after `maxAttempts` claims (a file that
     * kills its worker every time). Answers their stored files' keys, to release.
     */
    async endAbandoned(maxAttempts: number): Promise<string[]> {
      const result = (await db.execute(sql`
        with ended as (
          select id, file_key from ${recordImports}
          where state = 'running' and lease_until < now()
            and (cancel_requested or attempts >= ${maxAttempts})
          for update skip locked)
        update ${recordImports} as job
        set state = case when job.cancel_requested then 'cancelled' else 'failed' end,
          finished_at = now(), locked_by = null, lease_until = null, file_key = null,
          ip = null, user_agent = null
        from ended where job.id = ended.id
        returning ended.file_key`)) as unknown as { rows: { file_key: string | null }[] };
      return result.rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
    },

    /**
     * Claims the oldest job waiting (queued, or running under a lease that ran out: its worker died,
     * and the transaction it had open rolled back with it), started again from its first row.
     */
    async claim(workerId: string, leaseSeconds: number): Promise<ImportJobRow | undefined> {
      const [claimed] = await claimLeased<ClaimedRow>(db, {
        table: recordImports,
        due: sql`(state = 'queued' or (state = 'running' and lease_until < now())) and not cancel_requested`,
        order: sql`created_at, id`,
        limit: 1,
        set: sql`state = 'running', locked_by = ${workerId},
          lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1,
          started_at = coalesce(started_at, now()), processed = 0, total = null`,
        returning: sql`id`,
      });
      return claimed && (await this.find(claimed.id));
    },

    /**
     * Records the progress and renews the lease; answers `running` while the job is still this
     * worker's and not asked to stop (otherwise the worker stops, and rolls its writes back).
     */
    async progress(
      id: string,
      workerId: string,
      step: { processed: number; total: number | null },
      leaseSeconds: number,
    ): Promise<'running' | 'cancelled' | 'lost'> {
      const [row] = await db
        .update(recordImports)
        .set({
          processed: step.processed,
          total: step.total,
          leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(heldBy(id, workerId))
        .returning({ cancelRequested: recordImports.cancelRequested });
      if (!row) return 'lost';
      return row.cancelRequested ? 'cancelled' : 'running';
    },

    /** Writes the job's end (done, failed or cancelled) in `tx`, if it is still this worker's. */
    async finish(
      tx: Database,
      id: string,
      workerId: string,
      end: Partial<NewImportJob> & Pick<NewImportJob, 'state'>,
    ): Promise<ImportJobRow | undefined> {
      const [row] = await tx
        .update(recordImports)
        .set({
          ...end,
          finishedAt: sql`now()`,
          lockedBy: null,
          leaseUntil: null,
          fileKey: null,
          // The caller's address and agent served the audit of the rows written; not kept after.
          ip: null,
          userAgent: null,
        })
        .where(heldBy(id, workerId))
        .returning();
      return row;
    },

    /**
     * Asks the job to stop: a queued one is cancelled at once (answered with its file's key, to
     * release), a running one when its worker next looks. A finished one is left as it is.
     */
    async requestCancel(tx: Database, id: string): Promise<{ job?: ImportJobRow; releasedKey?: string }> {
      const [queued] = await tx
        .select({ fileKey: recordImports.fileKey })
        .from(recordImports)
        .where(and(eq(recordImports.id, id), eq(recordImports.state, 'queued')))
        .for('update');
      if (queued) {
        const [job] = await tx
          .update(recordImports)
          .set({
            state: 'cancelled',
            cancelRequested: true,
            finishedAt: sql`now()`,
            fileKey: null,
            ip: null,
            userAgent: null,
          })
          .where(eq(recordImports.id, id))
          .returning();
        return { job, releasedKey: queued.fileKey ?? undefined };
      }
      const [job] = await tx
        .update(recordImports)
        .set({ cancelRequested: true })
        .where(and(eq(recordImports.id, id), isUnfinished))
        .returning();
      return { job };
    },
  };
}

/**
 * Removes the finished jobs (done, failed, cancelled) that ended before `before`, a batch a statement;
 * answers how many. Their files were released when they ended; the trail keeps what the imports wrote.
 */
export async function pruneFinishedImports(db: Database, before: Date, batchSize = 1_000): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from ${recordImports} where id in (
        select id from ${recordImports}
        where state in ('done', 'failed', 'cancelled') and finished_at < ${before.toISOString()}::timestamptz
        limit ${batchSize})
      returning id`)) as unknown as { rows: unknown[] };
    const deleted = result.rows.length;
    removed += deleted;
    if (deleted < batchSize) return removed;
  }
}
