import { publicConfigSchema } from '@scentia/shared/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobStatus } from '../../lib/jobs/periodic-job.ts';
import { type ReadinessCheck, runCheck } from './readiness.ts';

const jobStatusSchema = z.object({
  name: z.string(),
  intervalSeconds: z.number().int(),
  isRunning: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  nextRunAt: z.string().nullable(),
});

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  /** The timed jobs of this process: mail delivery, the stored-files sweep, retention. */
  jobs: z.array(jobStatusSchema),
});

const liveSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** Each check by name: the database, its migrations, and what other parts registered (Redis). */
  checks: z.array(z.object({ name: z.string(), isReady: z.boolean() })),
});

export type HealthRoutesOptions = {
  ping: () => Promise<boolean>;
  /** Besides the database's answer: the migrations, and whatever else the instance needs to serve. */
  readinessChecks: ReadinessCheck[];
  driver: 'pglite' | 'postgres';
  publicConfig: z.infer<typeof publicConfigSchema>;
  jobs: () => JobStatus[];
};

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database status, and the last and next run of each timed job',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const isDatabaseUp = await options.ping();
      return reply.status(isDatabaseUp ? 200 : 503).send({
        status: isDatabaseUp ? 'ok' : 'degraded',
        database: isDatabaseUp ? 'up' : 'down',
        driver: options.driver,
        uptimeSeconds: Math.round(process.uptime()),
        jobs: options.jobs(),
      });
    },
  );

  // For an orchestrator: `live` restarts a process that stopped answering; `ready` takes an instance
  // out of the balancer while what it needs is missing (and while it shuts down: Fastify answers 503).
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (nothing else is checked)',
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  const readinessChecks = (): ReadinessCheck[] => [
    { name: 'database', isReady: options.ping },
    ...options.readinessChecks,
  ];
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, its migrations are current, and each configured store',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const checks = readinessChecks();
      const outcomes = await Promise.all(checks.map(runCheck));
      const isReady = outcomes.every(Boolean);
      return reply.status(isReady ? 200 : 503).send({
        status: isReady ? 'ready' : 'not-ready',
        checks: checks.map((check, index) => ({ name: check.name, isReady: outcomes[index] === true })),
      });
    },
  );

  app.get(
    '/public-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Settings the sign-in page needs',
        response: { 200: publicConfigSchema },
      },
    },
    async () => options.publicConfig,
  );
};
