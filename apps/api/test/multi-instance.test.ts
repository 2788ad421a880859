import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCnpjCheckDigits } from '@scentia/shared/br-documents';
import type { ImportReport } from '@scentia/shared/record-import.schemas';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { seedProfiles } from '../src/db/seed.ts';
import { createJobRunner } from '../src/lib/jobs/job-runner.ts';
import { addMaintenanceJob } from '../src/lib/jobs/period-claims.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { csvFile, importUpload } from './import-files.ts';
import { redisForTests, type TestRedis } from './redis-for-tests.ts';
import { startSmtpCatcher } from './smtp-catcher.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/**
 * Three instances of the server on one PostgreSQL database and one Redis, as an operator runs them
 * behind a proxy: a limit is reached whichever instance counts, a maintenance job runs once per period
 * whichever instances are up, and a queued mail or import job is done once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redis = serverUrl ? await redisForTests() : undefined;
const skipReason = !serverUrl
  ? 'PostgreSQL only (TEST_DATABASE_URL): three instances need three connections to one database, PGlite has one'
  : redis && 'skipReason' in redis
    ? redis.skipReason
    : false;
if (skipReason) console.info(`three instances on one PostgreSQL and one Redis: skipped, ${skipReason}`);

/** The maintenance jobs and the line each writes when it has run (the file sweep writes none). */
const JOB_LINES: Record<string, string> = {
  'shot-partitions': 'shot partitions maintained',
  'access-log-prune': 'access log pruned',
  'privacy-retention': 'privacy retention applied',
  'quiz-session-abandonment': 'quiz sessions abandoned',
  alerts: 'alerts recomputed',
  'alerts-digest': 'alert digests queued',
};
const MAINTENANCE_JOBS = [...Object.keys(JOB_LINES), 'file-sweep'];

type Instance = Awaited<ReturnType<typeof buildApp>>;

describe.skipIf(skipReason)(
  `three instances on one PostgreSQL and one Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const databaseName = `scentia_test_${randomBytes(6).toString('hex')}`;
    const handles: DatabaseHandle[] = [];
    const instances: Instance[] = [];
    const logLines: { msg: string; instance: number }[] = [];
    let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
    const shared = redis as TestRedis;
    const instance = (index: number) => {
      const app = instances[index];
      if (!app) throw new Error(`no instance ${index}`);
      return app;
    };
    const handle = (index: number) => {
      const found = handles[index];
      if (!found) throw new Error(`no database handle ${index}`);
      return found;
    };

    /** A confirmed ADMIN account whose password is `Secret#123`. */
    const addAdministrator = async (email: string) =>
      handle(0).db.execute(sql`
        insert into users (name, email, password_hash, profile_id, confirmed_at)
        select 'Pessoa Teste', ${email}, ${await hashPassword('Secret#123')}, id, now()
        from profiles where upper(name) = 'ADMIN'`);

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(serverUrl as string);
      url.pathname = `/${databaseName}`;
      for (let index = 0; index < 3; index += 1) {
        handles.push(await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 4 }));
      }
      // As three servers starting together: each migrates (the migrations' lock makes it once).
      await Promise.all(handles.map((handle) => handle.migrate()));
      await seedProfiles(handle(0).db);
      smtp = await startSmtpCatcher();
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        JWT_SECRET: TEST_JWT_SECRET,
        DEVICE_SECRET_KEY: 'a-device-secret-key-for-the-three-instances',
        REDIS_URL: shared.url,
        REDIS_KEY_PREFIX: shared.keyPrefix,
        SMTP_URL: smtp.url,
        MAIL_POLL_SECONDS: '0.05',
        // One file storage for the three, as an operator shares it: a job queued by one is read by another.
        DATA_DIR: mkdtempSync(join(tmpdir(), 'scentia-three-instances-')),
        IMPORT_JOB_MIN_ROWS: '20',
        IMPORT_JOB_POLL_SECONDS: '0.05',
      });
      const built = await Promise.all(
        handles.map((database, instance) => {
          const logger = pino(
            { level: 'info' },
            {
              write: (line: string) => {
                logLines.push({ msg: (JSON.parse(line) as { msg: string }).msg, instance });
              },
            },
          );
          return buildApp({ config, database, logger });
        }),
      );
      instances.push(...built);
      await Promise.all(instances.map((app) => app.ready()));
    });

    afterAll(async () => {
      await Promise.all(instances.map((app) => app.close()));
      await Promise.all(handles.map((handle) => handle.close()));
      await smtp?.close();
      await shared.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${databaseName} with (force)`);
      await dropper.end();
    });

    it('refuses the 6th wrong password whichever instance serves it, and the right one after it', async () => {
      const email = `lockout-${randomBytes(4).toString('hex')}@scentia.test`;
      await addAdministrator(email);
      const login = (which: number, password: string) =>
        instance(which).inject({ method: 'POST', url: '/api/login', payload: { email, password } });

      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await login(attempt % 3, 'Wrong#123')).statusCode).toBe(401);
      }
      const sixth = await login(2, 'Wrong#123');
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      for (const which of [0, 1, 2]) expect((await login(which, 'Secret#123')).statusCode).toBe(429);
      // The counts are in Redis, under keyed hashes: no key holds the address (nor its domain).
      const client = new Redis(shared.url);
      const keys = await client.keys(`${shared.keyPrefix}limit:sign-in:*`);
      client.disconnect();
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes('@') || key.includes('scentia.test'))).toEqual([]);
    });

    it('shares a route’s limit: the recovery route’s 5 a minute per client, over three instances', async () => {
      const ask = (which: number, index: number) =>
        instance(which).inject({
          method: 'POST',
          url: '/api/usuario/recuperar-senha',
          payload: { email: `nobody-${index}@scentia.test` },
          remoteAddress: '203.0.113.9',
        });
      for (let index = 0; index < 5; index += 1) expect((await ask(index % 3, index)).statusCode).toBe(204);
      expect((await ask(2, 5)).statusCode).toBe(429);
      expect((await ask(0, 6)).statusCode).toBe(429);
    });

    it('runs each maintenance job once for the three at start-up, and records the period it took', async () => {
      await Promise.all(instances.map((app) => settled(app, MAINTENANCE_JOBS)));
      for (const [job, line] of Object.entries(JOB_LINES)) {
        const runs = logLines.filter((entry) => entry.msg === line);
        expect({ job, runs: runs.length }).toEqual({ job, runs: 1 });
      }
      const claimed = (await handle(0).db.execute(
        sql`select key from settings where key like 'job-period:%' order by key`,
      )) as unknown as { rows: { key: string }[] };
      expect(claimed.rows.map((row) => row.key)).toEqual(
        expect.arrayContaining(MAINTENANCE_JOBS.map((job) => `job-period:${job}`)),
      );
    });

    it('runs a job once per period over many periods, whichever of three runners ticks first', async () => {
      const intervalMs = 250;
      const runsByPeriod = new Map<number, number>();
      const runners = handles.map((handle, index) => {
        const runner = createJobRunner(pino({ level: 'silent' }));
        // The period this runner's last claim was for: read by the run itself, the clock may have moved
        // into the next period between the claim and the run on a busy machine.
        let claimedPeriod = 0;
        addMaintenanceJob(runner, handle.db, {
          name: `test-job-${databaseName}`,
          intervalMs,
          now: () => {
            const date = new Date();
            claimedPeriod = Math.floor(date.getTime() / intervalMs);
            return date;
          },
          run: async () => {
            runsByPeriod.set(claimedPeriod, (runsByPeriod.get(claimedPeriod) ?? 0) + 1);
          },
        });
        return { runner, delay: index * 70 };
      });
      for (const { runner, delay } of runners) setTimeout(() => runner.start(), delay);
      await new Promise((resolve) => setTimeout(resolve, 8 * intervalMs));
      await Promise.all(runners.map(({ runner }) => runner.stop()));
      expect(runsByPeriod.size).toBeGreaterThanOrEqual(5);
      expect([...runsByPeriod.values()].every((runs) => runs === 1)).toBe(true);
    });

    it('runs a queued import job once, whichever instances poll for jobs', async () => {
      const email = `importer-${randomBytes(4).toString('hex')}@scentia.test`;
      const db = handle(0).db;
      await addAdministrator(email);
      const signedIn = await instance(0).inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Secret#123' },
      });
      const authorization = `Bearer ${(signedIn.json() as { token: string }).token}`;
      const rows = Array.from({ length: 60 }, (_, index) => {
        const cnpj = withCnpjCheckDigits(String(62_000_000_0001 + index * 10_000));
        return [`Três ${index}`, `Três ${cnpj} Ltda`, cnpj, 'Recife'];
      });
      const { payload, headers } = importUpload(
        Buffer.from(csvFile([['name', 'legalName', 'cnpj', 'city'], ...rows], ',')),
      );
      const queued = await instance(0).inject({
        method: 'POST',
        url: '/api/organizations/import?mode=apply',
        payload,
        headers: { ...headers, authorization },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      const { id } = queued.json() as ImportReport;
      let report: ImportReport;
      for (;;) {
        const answer = await instance(2).inject({
          method: 'GET',
          url: `/api/imports/${id}`,
          headers: { authorization },
        });
        report = answer.json() as ImportReport;
        if (report.state !== 'queued' && report.state !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(report).toMatchObject({ state: 'done', applied: true, counts: { insert: rows.length } });
      const counted = (await db.execute(sql`
        select (select attempts from record_imports where id = ${id}) as attempts,
          (select count(*)::int from organizations where name like 'Três %') as organizations,
          (select count(*)::int from audit_events where request_id = ${id}) as events`)) as unknown as {
        rows: { attempts: number; organizations: number; events: number }[];
      };
      // Claimed once (no second attempt), each row written and audited once.
      expect(counted.rows[0]).toEqual({ attempts: 1, organizations: rows.length, events: rows.length });
    });

    it('sends each queued mail once, whichever instances poll the outbox', async () => {
      const before = smtp.mails.length;
      const subjects = Array.from({ length: 30 }, (_, index) => `Mail ${index} ${databaseName}`);
      for (const subject of subjects) {
        await instance(0).mailOutbox.enqueue(handle(0).db, {
          kind: 'recovery',
          to: 'someone@scentia.test',
          language: 'pt-BR',
          subject,
          html: `<p>${subject}</p>`,
          text: subject,
        });
      }
      for (const app of instances) app.mailOutbox.nudge();
      await smtp.waitForMails(before + subjects.length);
      // Every instance polls every 50 ms: a mail sent twice would show up within a few rounds.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const received = smtp.mails.slice(before).map((mail) => mail.subject);
      expect(received.sort()).toEqual([...subjects].sort());
      const senders = new Set(
        logLines.filter((entry) => entry.msg === 'Mail sent').map((entry) => entry.instance),
      );
      expect(senders.size).toBeGreaterThan(0);
      const pending = (await handle(0).db.execute(
        sql`select count(*)::int as total from mail_outbox where status <> 'sent'`,
      )) as unknown as { rows: { total: number }[] };
      expect(pending.rows[0]?.total).toBe(0);
    });
  },
);

/** Waits until each named job of an instance has finished its first run (GET /api/health lists them). */
async function settled(app: Instance, names: string[]) {
  for (;;) {
    const { jobs } = (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
      jobs: { name: string; isRunning: boolean; lastRunAt: string | null }[];
    };
    const done = names.every((name) => {
      const job = jobs.find((entry) => entry.name === name);
      return job?.lastRunAt && !job.isRunning;
    });
    if (done) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
