import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../../db/client.ts';

/**
 * One thing the instance needs before it takes traffic. Other parts of the server add theirs (a shared
 * store such as Redis, when configured) to the list the readiness answer runs.
 */
export type ReadinessCheck = {
  /** Short and stable: it names the check in the answer (`database`, `migrations`, `redis`). */
  name: string;
  isReady: () => Promise<boolean>;
};

/** A check that has not answered by then counts as not ready: a probe must not hang on a stuck store. */
const CHECK_TIMEOUT_MS = 2_000;

export async function runCheck(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.isReady().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the database holds every migration this build ships: the migrator records each one's
 * timestamp, so the newest recorded must be at least the newest in the folder. Once true it stays so
 * for this process (migrations are only ever added), and later probes skip the query.
 */
export function migrationsCheck(db: Database, migrationsFolder: string): ReadinessCheck {
  const newest = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((each) => each.folderMillis));
  let isCurrent = false;
  return {
    name: 'migrations',
    async isReady() {
      if (isCurrent) return true;
      const result = (await db.execute(
        sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { newest: string }[] };
      isCurrent = Number(result.rows[0]?.newest ?? 0) >= newest;
      return isCurrent;
    },
  };
}
