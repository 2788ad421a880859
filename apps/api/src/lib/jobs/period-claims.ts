import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { JobRunner } from './job-runner.ts';
import type { PeriodicJobOptions } from './periodic-job.ts';

type MaintenanceJob = Omit<PeriodicJobOptions, 'log'>;

/**
 * A maintenance job (the file sweep, retention, alerts…) runs once per period across every instance
 * sharing the database, not once per instance. Periods are the interval's slices of the epoch; each
 * instance's timer fires once in each of them, and the first to claim the slice runs it: the claim is
 * one atomic upsert of the job's last claimed period in `settings`, so two instances can never both win
 * it, whatever their clocks' phase. The others' runs end at once (reported as runs that did nothing).
 * The mail delivery is not one of these: every instance delivers, each mail claimed by one of them.
 */
export function addMaintenanceJob(
  jobs: JobRunner,
  db: Database,
  job: MaintenanceJob & { now?: () => Date },
): void {
  const now = job.now ?? (() => new Date());
  jobs.add({
    ...job,
    run: async () => {
      if (await claimPeriod(db, job.name, Math.floor(now().getTime() / job.intervalMs))) await job.run();
    },
  });
}

/** True for the one caller that claims `period` of `name` first. */
async function claimPeriod(db: Database, name: string, period: number): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into settings (key, value) values (${`job-period:${name}`}, ${String(period)})
    on conflict (key) do update set value = excluded.value
      where settings.value::bigint < excluded.value::bigint
    returning key`)) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}
