import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type MemberRole, PROFILE_CLIENT } from '@scentia/shared/members.rules';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { organizationMembers, organizations, profiles, users } from '../src/db/schema/index.ts';
import { seedProfiles } from '../src/db/seed.ts';
import { hashPassword } from '../src/lib/passwords.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!';

let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file, copied from the suite's template
 * (test/global-setup.ts): in-memory PGlite by default, or a brand-new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (dropped again by `close`).
 */
async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  if (!serverUrl) {
    if (template?.kind === 'pglite') pgliteTemplate ??= new Blob([readFileSync(template.file)]);
    return {
      database: await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate }),
      drop: async () => {},
    };
  }
  const name = `scentia_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres'
      ? `create database ${name} template ${template.name}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 });
  return {
    database,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** `logger`: where the app's log goes (by default nowhere: the config's level is `silent`). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logger?: FastifyBaseLogger } = {},
) {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  await seedProfiles(database.db);
  // The postcode service is never the real one: a test that wants answers starts its own.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    VIACEP_URL: 'http://127.0.0.1:9',
    // Shot batches are folded when a test asks (`foldShots`), never by a timer that could pass by luck.
    SHOT_FOLD_INTERVAL_MS: '3600000',
    ...env,
  });
  const app = await buildApp({ config, database, logger: options.logger });
  await app.ready();
  const db = database.db;

  let sequence = 0;
  /** Inserts an account directly; defaults to an active, confirmed ADMIN. */
  async function createAccount(
    options: {
      profile?: string;
      email?: string;
      password?: string;
      isConfirmed?: boolean;
      isActive?: boolean;
      name?: string;
    } = {},
  ) {
    sequence += 1;
    const email = options.email ?? `person${sequence}@scentia.test`;
    const password = options.password ?? 'Secret#123';
    const [profile] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`upper(${profiles.name}) = ${(options.profile ?? 'ADMIN').toUpperCase()}`);
    if (!profile) throw new Error(`Unknown profile ${options.profile}`);
    const [row] = await db
      .insert(users)
      .values({
        name: options.name ?? `Pessoa ${sequence}`,
        email,
        passwordHash: await hashPassword(password),
        profileId: profile.id,
        confirmedAt: options.isConfirmed === false ? null : new Date(),
        deletedAt: options.isActive === false ? new Date() : null,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('Account not created');
    return { id: row.id, email, password };
  }

  /**
   * A CLIENT account with an accepted membership of `organizationId` (a new organisation when absent):
   * what an invitation leaves once accepted.
   */
  async function createMember(
    options: {
      role?: MemberRole;
      organizationId?: number;
      locationIds?: number[] | null;
      email?: string;
    } = {},
  ) {
    const account = await createAccount({ profile: PROFILE_CLIENT, email: options.email });
    let organizationId = options.organizationId;
    if (organizationId === undefined) {
      const cnpj = String(10_000_000_000_000 + account.id * 7919).slice(0, 14);
      const [organization] = await db
        .insert(organizations)
        .values({ name: `Cliente ${account.id}`, legalName: `Cliente ${account.id} Ltda`, cnpj })
        .returning({ id: organizations.id });
      if (!organization) throw new Error('Organisation not created');
      organizationId = organization.id;
    }
    await db.insert(organizationMembers).values({
      organizationId,
      userId: account.id,
      role: options.role ?? 'manager',
      locationIds: options.locationIds ?? null,
      acceptedAt: new Date(),
    });
    return { ...account, organizationId };
  }

  async function signIn(email: string, password: string) {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    if (response.statusCode !== 200)
      throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
    return response.json() as { token: string; refreshToken: string; login: string };
  }

  /** Raw rows of a query; both drivers answer `{ rows }`. */
  async function query<T = Record<string, unknown>>(statement: SQL): Promise<T[]> {
    const result = (await db.execute(statement)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** The rows of any table, counted one by one (not the trigger-kept totals of lib/row-counts.ts). */
  async function countRows(table: string): Promise<number> {
    const [row] = await query<{ total: number }>(
      sql`select count(*)::int as total from ${sql.identifier(table)}`,
    );
    return row?.total ?? 0;
  }

  async function setAccountState(id: number, state: { deletedAt?: Date | null; confirmedAt?: Date | null }) {
    await db.update(users).set(state).where(eq(users.id, id));
  }

  /**
   * Waits until a job of the app has finished its run at start-up (GET /api/health lists the jobs), so
   * a job running on the real clock does not take rows a test set up for its own clock.
   */
  async function jobSettled(name: string) {
    for (;;) {
      const { jobs } = (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
        jobs: { name: string; isRunning: boolean; lastRunAt: string | null; lastOutcome: string | null }[];
      };
      const job = jobs.find((entry) => entry.name === name);
      if (!job) throw new Error(`the ${name} job is not registered`);
      if (job.lastRunAt && !job.isRunning) {
        if (job.lastOutcome !== 'ok') throw new Error(`the ${name} job ended ${job.lastOutcome}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    app,
    db,
    /** The database handle the app runs on (its member transactions: row-level security tests). */
    database,
    jobSettled,
    /** Waits for the work requests left to run after their answers (a recovery mail). */
    afterAnswersSettled: () => app.afterAnswer.settled(),
    /** Credits every shot batch acknowledged so far to the shots, levels and counts (migration 0050). */
    foldShots: () => app.shotFold.foldAll(),
    driver: database.driver,
    createAccount,
    createMember,
    signIn,
    query,
    countRows,
    setAccountState,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
