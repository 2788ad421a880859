import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './database-type.ts';
import {
  followingMemberTransaction,
  inMemberTransaction,
  inOneTransaction,
  type MemberScopeSetting,
  type MemberTransactionOptions,
  scopedTransactionOf,
} from './member-transaction.ts';
import { scopedTransactionOnPool } from './member-transaction-postgres.ts';
import { explainMigrationRefusal } from './migration-refusal.ts';
import {
  listenOnPglite,
  listenOnPostgres,
  type NotificationEvents,
  type NotificationListener,
} from './notification-listener.ts';
import { oneStatementAtATime } from './one-statement-at-a-time.ts';
import * as schema from './schema/index.ts';

export type { Database, Schema } from './database-type.ts';

export type DatabaseHandle = {
  /**
   * Inside a member's request (`inMemberTransaction`), that request's transaction; otherwise the
   * staff's connections (row-level security: migration 0039).
   */
  db: Database;
  /**
   * For statements whose best plan is the same whatever their values (a page of the users list without
   * a search: only its limit and offset vary). PostgreSQL plans each of them once per connection and
   * reuses the plan, where `db` plans every call with its values. On PGlite (one connection) it is `db`.
   */
  plannedOnceDb: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction under a member's scope: every statement `db` and `plannedOnceDb`
   * make in its async context belongs to it, and row-level security shows them the member's rows only.
   */
  inMemberTransaction: <T>(
    scope: MemberScopeSetting,
    work: () => Promise<T>,
    options?: MemberTransactionOptions,
  ) => Promise<T>;
  /** Runs `work` in one transaction (the staff's; a member's own inside theirs): `inOneTransaction`. */
  inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** Applies the migrations as the owner (`ownerUrl`), then writes the owner's settings they read. */
  migrate: (options?: MigrateOptions) => Promise<void>;
  /**
   * Runs `work` holding the migrations' lock, so what instances starting together write at start-up
   * (the first administrator) is written by one at a time, each seeing what the one before wrote.
   */
  whileMigrationsLocked: (work: () => Promise<void>) => Promise<void>;
  ping: () => Promise<boolean>;
  /**
   * Listens on a notification channel (LISTEN), on a connection of its own that is made again when
   * lost; `events` says when notifications may have been missed (db/notification-listener.ts).
   */
  listen: (channel: string, events: NotificationEvents) => NotificationListener;
  close: () => Promise<void>;
  /** PGlite only: its data folder as a tar, which `DatabaseOptions.loadDataDir` opens again as a copy. */
  dumpDataDir?: () => Promise<Blob>;
};

const CLOSE_GRACE_MS = 5_000;

/** The staff's scope, as a session setting (migration 0039). */
const STAFF_SCOPE_SETTING = 'scentia.scope=staff';

// Resolves next to this module in the sources and next to the bundle in dist (the build copies it).
export const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

export type MigrateOptions = {
  /**
   * AUDIT_RETENTION_DAYS, kept where only the owner writes (migration 0032's audit_policy): the trail's
   * prune function removes nothing younger, whatever the runtime asks. Left as it is when absent.
   */
  auditRetentionDays?: number;
};

export type DatabaseOptions = {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /**
   * The owner of the tables, which runs the migrations (docs/deployment.md, "Database roles"); when
   * absent, `databaseUrl` is used for both. Embedded PGlite has one user.
   */
  ownerUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /** PGlite only: opens a copy of a data folder that `dumpDataDir` wrote (the test suite's template). */
  loadDataDir?: Blob;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.ownerUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.loadDataDir);
}

/**
 * The planner's price of reading a page out of order, against 1 for the next page. The default (4) is
 * for spinning disks; a back-office's tables live in memory or on SSDs, where reading the pages a GIN
 * index names costs little more than reading in order. With 4 the planner would rather read all 50,000
 * inactive users through a small index than the few pages the search's index names (300 ms against 0.3).
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * No parallel workers for the API's statements. Its statements are small reads of indexes and
 * pre-aggregated counts, answered many at a time on a few cores: a worker's start-up costs more than it
 * saves (the dashboard's 30-day statement at 10 million shots: 7.7 ms with two workers, 1.0 ms with none), and
 * under load the workers only take cores from the other requests. Exports and jobs read by keyset.
 */
const MAX_PARALLEL_WORKERS_PER_GATHER = 0;

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  const folder = inMemory ? undefined : resolve(dataDir, 'pglite');
  if (folder) mkdirSync(folder, { recursive: true });
  // Extensions have to be loaded at every open, not only when they are created.
  const client = await PGlite.create({ dataDir: folder, loadDataDir, extensions: { btree_gin, pg_trgm } });
  // As on a server (openPostgres): prepared statements are planned with their values every time.
  // Its one connection is the staff's (a superuser, which row-level security lets through); a member's
  // transaction switches role and scope for itself alone.
  await client.exec(
    `set plan_cache_mode = force_custom_plan; set random_page_cost = ${RANDOM_PAGE_COST}; set ${STAFF_SCOPE_SETTING}`,
  );
  const base = drizzlePglite(client, { schema }) as unknown as Database;
  const db = followingMemberTransaction(base);
  const scoped = scopedTransactionOf(base);
  return {
    db,
    plannedOnceDb: db,
    driver: 'pglite',
    inMemberTransaction: (scope, work, options) => inMemberTransaction(scoped, scope, work, options),
    inOneTransaction: (work) => inOneTransaction(base, work),
    migrate: async (options) => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await writeOwnerSettings((text, values) => client.query(text, values), options);
    },
    // One process holds PGlite's folder: there is nobody to wait for.
    whileMigrationsLocked: (work) => work(),
    ping: () => ping(db),
    listen: (channel, events) => listenOnPglite(client, channel, events),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(
  connectionString: string,
  ownerUrl: string | undefined,
  max: number,
): Promise<DatabaseHandle> {
  const openPool = (planCacheMode: 'force_custom_plan' | 'force_generic_plan') => {
    const pool = new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: 5_000,
      // Every connection is the staff's, said explicitly (migration 0039): a member's transaction
      // switches role and scope for itself alone, and the connection comes back as the staff's.
      options: `-c plan_cache_mode=${planCacheMode} -c random_page_cost=${RANDOM_PAGE_COST} -c max_parallel_workers_per_gather=${MAX_PARALLEL_WORKERS_PER_GATHER} -c ${STAFF_SCOPE_SETTING}`,
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // A transaction's statements asked for at once reach its connection one after the other.
    pool.on('connect', oneStatementAtATime);
    return pool;
  };
  // Prepared statements are planned with their values every time: a plan made once for any value
  // ("generic") would, for a search, be right for some words and read the whole table for others.
  const pool = openPool('force_custom_plan');
  // Except on this pool, for statements whose plan does not depend on their values: planning a page of
  // users with its total costs more than running it (0.5 against 0.2 ms of the server's time).
  const plannedOncePool = openPool('force_generic_plan');
  const base = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  const scoped = scopedTransactionOnPool(pool, base);
  return {
    db: followingMemberTransaction(base),
    // A member's statements all run in their request's transaction, planned with their values.
    plannedOnceDb: followingMemberTransaction(
      drizzleNodePostgres(plannedOncePool, { schema }) as unknown as Database,
    ),
    driver: 'postgres',
    inMemberTransaction: (scope, work, options) => inMemberTransaction(scoped, scope, work, options),
    inOneTransaction: (work) => inOneTransaction(base, work),
    migrate: async (options) => {
      // The owner's connection lives only as long as the migrations: the server runs as the runtime.
      const ownerPool =
        ownerUrl && ownerUrl !== connectionString
          ? new pg.Pool({ connectionString: ownerUrl, max: 1, connectionTimeoutMillis: 5_000 })
          : undefined;
      ownerPool?.on('error', () => {});
      try {
        await withMigrationLock(ownerPool ?? pool, async (client) => {
          // The owner is held by row-level security too: its migrations act as the staff.
          await client.query(`set ${STAFF_SCOPE_SETTING}`);
          await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder }).catch(
            async (error) => {
              throw await explainMigrationRefusal(client, error);
            },
          );
          await writeOwnerSettings((text, values) => client.query(text, values), options);
        });
      } finally {
        await ownerPool?.end();
      }
    },
    whileMigrationsLocked: (work) => withMigrationLock(pool, () => work()),
    ping: () => ping(base),
    listen: (channel, events) => listenOnPostgres(connectionString, channel, events),
    close: async () => {
      // Requests whose client hung up may still be querying: let them finish (bounded) first.
      const deadline = Date.now() + CLOSE_GRACE_MS;
      const busy = (each: pg.Pool) => each.totalCount > each.idleCount || each.waitingCount > 0;
      while ((busy(pool) || busy(plannedOncePool)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await Promise.all([pool.end(), plannedOncePool.end()]);
    },
  };
}

/**
 * Runs the migrations holding a session advisory lock on their own connection: instances starting
 * together migrate one at a time, and those after the first find nothing left to apply (without it,
 * two would both create the migrations' schema, or apply the same file twice). The migrator's own
 * transaction runs on that connection, so the lock is held until it has committed.
 */
async function withMigrationLock(pool: pg.Pool, migrate: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query(`select pg_advisory_lock(hashtext('scentia.migrations'))`);
    try {
      await migrate(client);
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('scentia.migrations'))`).catch(() => {
        isBroken = true;
      });
    }
  } finally {
    // A connection that could not say unlock may still hold the lock: closed rather than pooled.
    client.release(isBroken);
  }
}

async function writeOwnerSettings(
  query: (text: string, values: unknown[]) => Promise<unknown>,
  options: MigrateOptions | undefined,
) {
  if (options?.auditRetentionDays === undefined) return;
  await query('update audit_policy set retention_days = $1', [options.auditRetentionDays]);
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
