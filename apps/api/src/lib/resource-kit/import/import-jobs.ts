import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { Language } from '@scentia/shared/locales';
import type { ImportMode, ImportReport } from '@scentia/shared/record-import.schemas';
import { isAdminProfile } from '@scentia/shared/validators';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { Account } from '../../account.ts';
import { AppError } from '../../app-error.ts';
import { currentAuditContext, runWithAuditContext } from '../../audit/audit-context.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { PeriodicJob } from '../../jobs/periodic-job.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { StoredFiles } from '../../storage/stored-files.ts';
import { XLSX_TYPE } from '../../xlsx-export.ts';
import type { ImportDeclaration, ImportRow, PostcodeLookup } from './import-declaration.ts';
import { type ImportJobRow, importJobStore, reportOf } from './import-job-store.ts';
import { isLargeImport } from './import-size.ts';
import { type ImportFile, type ImportStep, runImport } from './record-import.ts';

export type ImportJobsOptions = {
  /** The jobs' own bookkeeping goes through the plain handle: it is nobody's change of a record. */
  db: Database;
  /**
   * PGlite's one connection: while an apply's transaction holds it, no other statement runs, so the
   * worker records the writes' progress only in memory (and looks for a cancel there).
   */
  isSingleConnection: boolean;
  storage: FileStorage;
  storedFiles: StoredFiles;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** A file with more data rows than this runs as a job (IMPORT_JOB_MIN_ROWS). */
  minRows: number;
  pollMs: number;
  leaseSeconds: number;
  /** Whether this instance runs jobs (IMPORT_JOB_WORKER); every instance queues and answers them. */
  isWorker: boolean;
  /** The account that queued a job, as its saves decide by it (undefined once it is deactivated). */
  accountOf: (id: number) => Promise<Account | undefined>;
  /** The product's postcode lookup, which every registered import's `prefill` gets (an address's CEP). */
  postcodes?: PostcodeLookup;
};

/** A job is claimed at most this many times: a file whose run kills its worker every time then fails. */
const MAX_ATTEMPTS = 3;

/** Why a run stops before its end: asked to, or its lease lost to another worker (it then rolls back). */
class ImportStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'lost') {
    super(reason);
  }
}

type Registered = { db: Database; declaration: ImportDeclaration<unknown> };

const canSee = (job: ImportJobRow, account: Account) =>
  job.accountId === account.id || isAdminProfile(account.profileName);

/**
 * The kit's import jobs (issue 40: "larger files run as a job"): a large upload is stored in the file
 * storage and queued in `record_imports`; a worker in any instance claims it under a lease, runs the
 * very same check and apply as a request does (`runImport`: the writes in one transaction), records
 * its progress every chunk and looks for a cancel between chunks. A cancel, a lost lease or a killed
 * process rolls the writes back: nothing half-written. A job whose worker died is taken again from
 * its first row once its lease has run out.
 */
export function createImportJobs(options: ImportJobsOptions) {
  const { db, log } = options;
  const store = importJobStore(db);
  const registry = new Map<string, Registered>();
  /** This instance's running jobs' progress, and the cancels asked here (read between chunks). */
  const steps = new Map<string, ImportStep>();
  const cancelsAsked = new Set<string>();
  /** The jobs this instance runs, by id, with their caller (who may cancel them without a query). */
  const runningHere = new Map<string, number>();
  const defaultWorkerId = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;

  async function releaseFiles(keys: string[]) {
    if (keys.length === 0) return;
    await db.transaction((tx) => options.storedFiles.releaseFiles(tx as unknown as Database, keys));
    await options.storedFiles.removeReleased(keys);
  }

  /** The stored upload, copied to a temporary file the readers stream (removed by the caller). */
  async function download(job: ImportJobRow): Promise<ImportFile> {
    const body = job.fileKey ? await options.storage.get?.(job.fileKey) : undefined;
    if (!body) throw new Error(`The upload of import ${job.id} is not in the file storage`);
    const path = join(tmpdir(), `scentia-import-job-${randomUUID()}`);
    await pipeline(body, createWriteStream(path));
    return { path, kind: job.fileKind, fileName: job.fileName };
  }

  /** After each chunk: the progress recorded (the lease renewed with it), then a stop if one is due. */
  async function recordStep(job: ImportJobRow, workerId: string, step: ImportStep) {
    steps.set(job.id, step);
    if (cancelsAsked.has(job.id)) throw new ImportStopped('cancelled');
    if (step.phase === 'apply' && options.isSingleConnection) return;
    const outcome = await store.progress(job.id, workerId, step, options.leaseSeconds);
    if (outcome !== 'running') throw new ImportStopped(outcome);
  }

  async function finish(job: ImportJobRow, workerId: string, end: Parameters<typeof store.finish>[3]) {
    const keys = job.fileKey ? [job.fileKey] : [];
    const ended = await db.transaction(async (tx) => {
      const handle = tx as unknown as Database;
      const row = await store.finish(handle, job.id, workerId, end);
      if (row) await options.storedFiles.releaseFiles(handle, keys);
      return row;
    });
    if (ended) await options.storedFiles.removeReleased(keys);
  }

  async function run(job: ImportJobRow, workerId: string): Promise<void> {
    const registered = registry.get(job.recordType);
    let file: ImportFile | undefined;
    runningHere.set(job.id, job.accountId);
    try {
      if (!registered) throw new Error(`No import is declared for ${job.recordType}`);
      file = await download(job);
      const caller = { actorId: job.accountId, ip: job.ip, userAgent: job.userAgent };
      const account = await options.accountOf(job.accountId);
      const report = await runWithAuditContext(
        () => ({ ...caller, action: 'importJob', requestId: job.id }),
        () =>
          runImport(registered.db, registered.declaration, {
            mode: job.mode,
            language: job.language as Language,
            file: file as ImportFile,
            caller: { account, language: job.language as Language },
            id: job.id,
            createdAt: job.createdAt.toISOString(),
            onStep: (step) => recordStep(job, workerId, step),
          }),
      );
      const { processed, total, counts, errors, errorsTruncated, applied } = report;
      await finish(job, workerId, {
        state: 'done',
        processed,
        total,
        counts,
        errors,
        errorsTruncated,
        applied,
      });
    } catch (error) {
      if (error instanceof ImportStopped) {
        if (error.reason === 'cancelled') await finish(job, workerId, { state: 'cancelled' });
        else log.warn({ importId: job.id }, 'An import job’s lease was taken over; its run rolled back');
        return;
      }
      log.error({ err: error, importId: job.id }, 'An import job failed');
      await finish(job, workerId, { state: 'failed' });
    } finally {
      runningHere.delete(job.id);
      steps.delete(job.id);
      cancelsAsked.delete(job.id);
      if (file) await rm(file.path, { force: true });
    }
  }

  /** Runs the jobs waiting, one after the other, until none is left for this worker. */
  async function runDue(workerId = defaultWorkerId): Promise<void> {
    await releaseFiles(await store.endAbandoned(MAX_ATTEMPTS));
    for (;;) {
      const job = await store.claim(workerId, options.leaseSeconds);
      if (!job) return;
      await run(job, workerId);
    }
  }

  const worker: PeriodicJob | undefined = options.isWorker
    ? options.jobs.add({ name: 'import-jobs', intervalMs: options.pollMs, run: () => runDue() })
    : undefined;

  /** The job, to its own caller or an administrator: anybody else's is a 404, never told apart. */
  async function visible(id: string, account: Account): Promise<ImportJobRow> {
    const job = await store.find(id);
    if (!job || !canSee(job, account)) throw new AppError(ErrorCode.NOT_FOUND);
    return job;
  }

  /** A running job's report with the progress this instance knows of (on PGlite, the writes'). */
  function withProgress(job: ImportJobRow): ImportReport {
    const step = job.state === 'running' ? steps.get(job.id) : undefined;
    const report = reportOf(job);
    return step ? { ...report, processed: step.processed, total: step.total } : report;
  }

  return {
    /**
     * Names the resource's import, for the worker to run its jobs (`registerImportRoutes`), and answers
     * it with the postcode lookup given to its `prefill`, as the request's own run uses it too.
     */
    register<Body>(declaration: ImportDeclaration<Body>, writes: Database): ImportDeclaration<Body> {
      const { prefill } = declaration;
      const registered = prefill
        ? { ...declaration, prefill: (rows: ImportRow[]) => prefill(rows, options.postcodes) }
        : declaration;
      registry.set(declaration.recordType, {
        db: writes,
        declaration: registered as ImportDeclaration<unknown>,
      });
      return registered;
    },

    /** The import registered for a record type (the worker runs its jobs with it). */
    registered: (recordType: string) => registry.get(recordType),

    isLarge: (file: ImportFile) => isLargeImport(file, options.minRows),

    /** Stores the upload and queues its import; answers the queued report (the route's 202). */
    async enqueue(
      declaration: ImportDeclaration<unknown>,
      request: { mode: ImportMode; file: ImportFile; account: Account; language: Language },
    ): Promise<ImportReport> {
      const id = randomUUID();
      const fileKey = `imports/${id}`;
      const { file } = request;
      const contentType = file.kind === 'xlsx' ? XLSX_TYPE : 'text/csv';
      await options.storedFiles.stageFiles([{ key: fileKey, body: await readFile(file.path), contentType }]);
      const caller = currentAuditContext();
      const job = await db.transaction(async (tx) => {
        const handle = tx as unknown as Database;
        await options.storedFiles.commitFiles(handle, [fileKey]);
        return store.insert(handle, {
          id,
          recordType: declaration.recordType,
          mode: request.mode,
          state: 'queued',
          fileName: file.fileName,
          fileKey,
          fileKind: file.kind,
          accountId: request.account.id,
          language: request.language,
          ip: caller?.ip?.slice(0, 45) ?? null,
          userAgent: caller?.userAgent?.slice(0, 300) ?? null,
        });
      });
      worker?.nudge();
      return reportOf(job);
    },

    async find(id: string, account: Account): Promise<ImportReport> {
      return withProgress(await visible(id, account));
    },

    /**
     * Asks the job to stop. Noted here first (a run in this instance looks between chunks without a
     * query), then in the table for a run in another instance. A finished job is answered as it is.
     */
    async cancel(id: string, account: Account): Promise<ImportReport> {
      // Before any query: on PGlite the running apply holds the one connection until it ends.
      const runner = runningHere.get(id);
      if (runner === account.id || (runner !== undefined && isAdminProfile(account.profileName))) {
        cancelsAsked.add(id);
      }
      await visible(id, account);
      const { job, releasedKey } = await db.transaction(async (tx) => {
        const handle = tx as unknown as Database;
        const asked = await store.requestCancel(handle, id);
        if (asked.releasedKey) await options.storedFiles.releaseFiles(handle, [asked.releasedKey]);
        return asked;
      });
      if (releasedKey) await options.storedFiles.removeReleased([releasedKey]);
      return withProgress(job ?? (await visible(id, account)));
    },

    /** Runs the jobs waiting now, as worker `workerId` (the timer's run; tests run workers side by side). */
    runDue,
    /** Waits for the worker's round in progress (tests). */
    idle: () => worker?.idle() ?? Promise.resolve(),
  };
}

export type ImportJobs = ReturnType<typeof createImportJobs>;
