import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { migrationsFolder, openDatabase } from '../../db/client.ts';
import { healthRoutes } from './health.routes.ts';
import { migrationsCheck, runCheck } from './readiness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers without a token, with each timed job of the process and its next run', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; jobs: { name: string; nextRunAt: string | null }[] }>();
    expect(body.status).toBe('ok');
    expect(body.jobs.map((job) => job.name)).toEqual(expect.arrayContaining(['mail-delivery', 'file-sweep']));
    for (const job of body.jobs) expect(Date.parse(job.nextRunAt ?? '')).toBeGreaterThan(Date.now() - 1_000);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers liveness without touching anything, and readiness with the database and its migrations', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: expect.arrayContaining([
        { name: 'database', isReady: true },
        { name: 'migrations', isReady: true },
      ]),
    });
  });
});

describe('readiness', () => {
  it('is not ready while a migration this build ships is missing from the database', async () => {
    // The test file's own database, on either driver: its newest migration's record taken out, then back.
    const check = () => migrationsCheck(ctx.db, migrationsFolder);
    expect(await runCheck(check())).toBe(true);
    const [newest] = await ctx.query<{ hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text`,
    );
    try {
      expect(await runCheck(check())).toBe(false);
    } finally {
      await ctx.query(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest?.hash}, ${newest?.created_at}::bigint)`,
      );
    }
    expect(await runCheck(check())).toBe(true);
  });

  it('is not ready on a database never migrated', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      // The migrations' table is missing: the check's query fails, which counts as not ready.
      expect(await runCheck(migrationsCheck(database.db, migrationsFolder))).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('answers 503 naming each check that failed, threw or did not answer in time', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, {
      ping: async () => true,
      readinessChecks: [
        { name: 'redis', isReady: async () => false },
        {
          name: 'throws',
          isReady: async () => {
            throw new Error('unreachable');
          },
        },
        { name: 'hangs', isReady: () => new Promise<boolean>(() => {}) },
        { name: 'fine', isReady: async () => true },
      ],
      driver: 'pglite',
      jobs: () => [],
      publicConfig: {} as never,
    });
    const answer = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      status: 'not-ready',
      checks: [
        { name: 'database', isReady: true },
        { name: 'redis', isReady: false },
        { name: 'throws', isReady: false },
        { name: 'hangs', isReady: false },
        { name: 'fine', isReady: true },
      ],
    });
    await app.close();
  });
});

describe('GET /api/health/ready with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('checks Redis: ready while it answers', async () => {
    const probe = await createTestApp({ REDIS_URL: redisUrl });
    try {
      const answer = await probe.app.inject({ method: 'GET', url: '/api/health/ready' });
      const redis = answer
        .json<{ checks: { name: string; isReady: boolean }[] }>()
        .checks.find((check) => check.name === 'redis');
      if (!redis?.isReady) {
        console.warn(`Skipped the reachable half: no Redis answers at ${redisUrl} (set TEST_REDIS_URL)`);
      } else {
        expect(answer.statusCode).toBe(200);
      }
    } finally {
      await probe.close();
    }
  }, 60_000);

  it('is not ready while Redis is unreachable, and alive all the same', async () => {
    // Nothing listens on port 9 of this machine.
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });
    try {
      const answer = await down.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().checks).toContainEqual({ name: 'redis', isReady: false });
      // Alive all the same: an orchestrator must not restart it for a store that is down.
      expect((await down.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  }, 60_000);
});
