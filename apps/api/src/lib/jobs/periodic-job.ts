import type { FastifyBaseLogger } from 'fastify';

export type PeriodicJobOptions = {
  /** Names the job in the log. */
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
  log: FastifyBaseLogger;
};

export type PeriodicJob = {
  /** Runs the job now and then every interval; the timer never keeps the process alive. */
  start: () => void;
  /** Stops the timer and waits for a run in progress. */
  stop: () => Promise<void>;
  /** Runs the job now, or answers the run already in progress: runs never overlap. */
  runNow: () => Promise<void>;
};

/** Background work of the server process, started when the app is ready and stopped when it closes. */
export function createPeriodicJob({ name, intervalMs, run, log }: PeriodicJobOptions): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runNow = () => {
    running ??= run()
      .catch((error: unknown) => log.error({ err: error, job: name }, 'A periodic job failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    start() {
      timer ??= setInterval(() => void runNow(), intervalMs);
      timer.unref();
      void runNow();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    runNow,
  };
}
