import type { FastifyBaseLogger } from 'fastify';
import { afterMemberTransaction, outsideMemberTransaction } from '../../db/member-transaction.ts';

export type PeriodicJobOptions = {
  /** Names the job in the log and in the health answer. */
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  log: FastifyBaseLogger;
  /** The clock the status reads; tests pass their own. */
  now?: () => Date;
  /** Told how each run ended and how long it took (the metrics count runs by job and outcome). */
  onRunEnd?: (outcome: 'ok' | 'failed', seconds: number) => void;
};

export type JobStatus = {
  name: string;
  intervalSeconds: number;
  isRunning: boolean;
  /** When the last finished run started, and how it ended; null before the first. */
  lastRunAt: string | null;
  lastOutcome: 'ok' | 'failed' | null;
  /** When the timer runs it next; null while the job is stopped. */
  nextRunAt: string | null;
};

export type PeriodicJob = {
  /** Runs the job now and then every interval; the timer never keeps the process alive. */
  start: () => void;
  /** Stops the timer and waits for a run in progress. */
  stop: () => Promise<void>;
  /** Runs the job now, or answers the run already in progress: runs never overlap. */
  runNow: () => Promise<void>;
  /**
   * Asks for a run soon, after new work arrived (a mail queued): now when idle, otherwise once more
   * right after the run in progress, which may have started before the work existed.
   */
  nudge: () => void;
  /** Waits until no run is in progress or asked for (shutdown and tests). */
  idle: () => Promise<void>;
  status: () => JobStatus;
};

/** Background work of the server process, started when the app is ready and stopped when it closes. */
export function createPeriodicJob({
  name,
  intervalMs,
  run,
  log,
  now = () => new Date(),
  onRunEnd,
}: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let startedAt: number | undefined;
  let running: Promise<void> | undefined;
  let isRerunWanted = false;
  let lastRunAt: Date | null = null;
  let lastOutcome: JobStatus['lastOutcome'] = null;

  const runNow = () => {
    if (running) return running;
    const runStartedAt = now();
    const startedTick = performance.now();
    // A run asked for by a member's request is the server's work, not the member's.
    running = outsideMemberTransaction(run)
      .then(
        () => {
          lastOutcome = 'ok';
        },
        (error: unknown) => {
          lastOutcome = 'failed';
          log.error({ err: error, job: name }, 'A periodic job failed');
        },
      )
      .finally(() => {
        if (lastOutcome) onRunEnd?.(lastOutcome, (performance.now() - startedTick) / 1000);
        lastRunAt = runStartedAt;
        running = undefined;
        if (isRerunWanted) {
          isRerunWanted = false;
          void runNow();
        }
      });
    return running;
  };

  return {
    start() {
      startedAt ??= now().getTime();
      timer ??= setInterval(() => void runNow(), intervalMs);
      timer.unref();
      void runNow();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      startedAt = undefined;
      isRerunWanted = false;
      await running;
    },
    runNow,
    nudge() {
      // After the member's transaction that queued the work has committed, or the run would miss it.
      afterMemberTransaction(() => {
        if (running) isRerunWanted = true;
        else void runNow();
      });
    },
    async idle() {
      while (running) await running;
    },
    status() {
      const ticks = startedAt === undefined ? 0 : Math.floor((now().getTime() - startedAt) / intervalMs) + 1;
      return {
        name,
        intervalSeconds: Math.round(intervalMs / 1000),
        isRunning: running !== undefined,
        lastRunAt: lastRunAt?.toISOString() ?? null,
        lastOutcome,
        nextRunAt: startedAt === undefined ? null : new Date(startedAt + ticks * intervalMs).toISOString(),
      };
    },
  };
}
