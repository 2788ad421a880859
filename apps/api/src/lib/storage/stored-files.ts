import { ErrorCode } from '@scentia/shared/error-codes';
import { and, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { AppError } from '../app-error.ts';
import type { FileStorage } from './file-storage.ts';

/** A pending file younger than this may belong to an upload still in flight: the sweep leaves it. */
const PENDING_GRACE_MS = 3_600_000;
/** Likewise for a temporary file that a write may still be filling. */
const TEMPORARY_GRACE_MS = 3_600_000;
const BATCH_SIZE = 100;

export type NewFile = { key: string; body: Buffer; contentType: string };
export type SweepOptions = { pendingGraceMs?: number; temporaryGraceMs?: number };
export type SweepResult = { pending: string[]; released: string[]; temporaries: string[] };
type MaybeKey = string | null | undefined;

export type StoredFilesOptions = { db: Database; storage: FileStorage; log: FastifyBaseLogger };

const keysOf = (keys: MaybeKey[]) => [...new Set(keys.filter((key): key is string => Boolean(key)))];

/**
 * Stored files that outlive neither a failed save nor a killed process. A feature stages its new files
 * (recorded as pending in a committed write, then stored), marks them committed in the transaction
 * that writes the row referencing them, and marks the files that row stops referencing as released in
 * that same transaction, removing them once it has committed. Whatever a crash interrupts is left
 * recorded, pending or released, and `sweep` finishes the job.
 */
export function createStoredFiles({ db, storage, log }: StoredFilesOptions) {
  /**
   * Removes the files of the records `where` selects, then their records, one batch in one transaction.
   * The records stay locked meanwhile (a concurrent commit waits, then finds them gone, and fails), and
   * records another instance holds are skipped. A process killed halfway leaves the records: removing
   * a file twice is harmless.
   */
  async function removeBatch(where: SQL | undefined) {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .select({ key: storedFiles.key, state: storedFiles.state })
        .from(storedFiles)
        .where(where)
        .orderBy(storedFiles.changedAt)
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      const outcomes = await Promise.allSettled(claimed.map((file) => storage.remove(file.key)));
      const removed = claimed.filter((file, index) => {
        const outcome = outcomes[index];
        if (outcome?.status === 'rejected') {
          log.warn(
            { key: file.key, err: outcome.reason },
            'Could not remove a stored file; the sweep retries',
          );
        }
        return outcome?.status === 'fulfilled';
      });
      if (removed.length > 0) {
        await tx.delete(storedFiles).where(
          inArray(
            storedFiles.key,
            removed.map((file) => file.key),
          ),
        );
      }
      return { claimed: claimed.length, removed };
    });
  }

  /** Removes the named files that are in `state`, after their change committed; failures wait for the sweep. */
  async function removeNamed(keys: MaybeKey[], state: 'pending' | 'released') {
    const names = keysOf(keys);
    if (names.length === 0) return;
    await removeBatch(and(inArray(storedFiles.key, names), eq(storedFiles.state, state))).catch(
      (error: unknown) =>
        log.warn({ keys: names, err: error }, 'Could not remove stored files; the sweep will'),
    );
  }

  return {
    /**
     * Records the files as pending (committed at once, so a crash cannot hide them) and stores them.
     * When storing fails, what was stored is removed again and the caller gets a 503.
     */
    async stageFiles(files: NewFile[]): Promise<void> {
      if (files.length === 0) return;
      await db
        .insert(storedFiles)
        .values(files.map((file) => ({ key: file.key, state: 'pending' as const })));
      const outcomes = await Promise.allSettled(
        files.map((file) => storage.put(file.key, file.body, file.contentType)),
      );
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) {
        log.error({ err: failure.reason }, 'Storing a file failed');
        await removeNamed(
          files.map((file) => file.key),
          'pending',
        );
        throw new AppError(ErrorCode.STORAGE_UNAVAILABLE);
      }
    },

    /**
     * Marks staged files committed, in the transaction `tx` that writes the row referencing them, so
     * the row and the mark commit together or not at all. Fails (and so rolls `tx` back) when a file
     * is no longer pending: the sweep took it, since its upload outlived the grace period.
     */
    async commitFiles(tx: Database, keys: MaybeKey[]): Promise<void> {
      const names = keysOf(keys);
      if (names.length === 0) return;
      const committed = await tx
        .update(storedFiles)
        .set({ state: 'committed', changedAt: sql`now()` })
        .where(and(inArray(storedFiles.key, names), eq(storedFiles.state, 'pending')))
        .returning({ key: storedFiles.key });
      if (committed.length !== names.length) {
        log.error({ keys: names }, 'A staged file was swept before its row committed');
        throw new AppError(ErrorCode.STORAGE_UNAVAILABLE);
      }
    },

    /**
     * Marks files released in the transaction `tx` that stops referencing them; `removeReleased`
     * removes them once it has committed. Files stored before they were recorded are recorded now.
     */
    async releaseFiles(tx: Database, keys: MaybeKey[]): Promise<void> {
      const names = keysOf(keys);
      if (names.length === 0) return;
      await tx
        .insert(storedFiles)
        .values(names.map((key) => ({ key, state: 'released' as const })))
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { state: 'released', changedAt: sql`now()` },
        });
    },

    /** Removes released files, after the transaction that released them committed. */
    removeReleased: (keys: MaybeKey[]) => removeNamed(keys, 'released'),

    /** Removes staged files whose row was not written (the save failed), without waiting for the sweep. */
    discardStaged: (keys: MaybeKey[]) => removeNamed(keys, 'pending'),

    /**
     * Removes released files, pending files older than the grace period (their row never committed)
     * and old temporary files. Safe to run on several instances at once.
     */
    async sweep({
      pendingGraceMs = PENDING_GRACE_MS,
      temporaryGraceMs = TEMPORARY_GRACE_MS,
    }: SweepOptions = {}): Promise<SweepResult> {
      const result: SweepResult = { pending: [], released: [], temporaries: [] };
      const waiting = or(
        eq(storedFiles.state, 'released'),
        and(
          eq(storedFiles.state, 'pending'),
          // The database's clock, the one that stamped `changed_at`.
          lt(storedFiles.changedAt, sql`now() - make_interval(secs => ${pendingGraceMs / 1000})`),
        ),
      );
      for (;;) {
        const batch = await removeBatch(waiting);
        for (const file of batch.removed)
          result[file.state === 'released' ? 'released' : 'pending'].push(file.key);
        // A short batch is the last one; a failed removal is retried by the next sweep, not in a loop.
        if (batch.claimed < BATCH_SIZE || batch.removed.length < batch.claimed) break;
      }
      result.temporaries = (await storage.removeTemporaries?.(new Date(Date.now() - temporaryGraceMs))) ?? [];
      const removedCount = result.pending.length + result.released.length + result.temporaries.length;
      if (removedCount > 0) log.info(result, 'Swept stored files');
      return result;
    },
  };
}

export type StoredFiles = ReturnType<typeof createStoredFiles>;
