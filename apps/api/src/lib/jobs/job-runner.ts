import type { FastifyBaseLogger } from 'fastify';
import {
  createPeriodicJob,
  type JobStatus,
  type PeriodicJob,
  type PeriodicJobOptions,
} from './periodic-job.ts';

export type JobRunner = {
  /** Registers a job; it starts and stops with the runner. */
  add: (options: Omit<PeriodicJobOptions, 'log'>) => PeriodicJob;
  start: () => void;
  stop: () => Promise<void>;
  /** Every job's last and next run, for the health answer. */
  status: () => JobStatus[];
  /** Tells `listener` how every later run of every job ends (the metrics). */
  observe: (listener: JobRunListener) => void;
};

export type JobRunListener = (job: string, outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * The one runner of the server's timed work (mail delivery, the stored-files sweep, retention jobs):
 * started when the app is ready, stopped — waiting for runs in progress — when it closes. Each job runs
 * in every instance; the jobs themselves are safe to run concurrently (they claim rows with
 * `for update skip locked`), which is what lets several instances share one database.
 */
export function createJobRunner(log: FastifyBaseLogger): JobRunner {
  const jobs: PeriodicJob[] = [];
  const listeners: JobRunListener[] = [];
  return {
    add(options) {
      const job = createPeriodicJob({
        ...options,
        log,
        onRunEnd: (outcome, seconds) => {
          for (const listener of listeners) listener(options.name, outcome, seconds);
        },
      });
      jobs.push(job);
      return job;
    },
    start() {
      for (const job of jobs) job.start();
    },
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
    status: () => jobs.map((job) => job.status()),
    observe(listener) {
      listeners.push(listener);
    },
  };
}
