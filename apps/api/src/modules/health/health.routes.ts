import { publicConfigSchema } from '@scentia/shared/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobStatus } from '../../lib/jobs/periodic-job.ts';

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

export type HealthRoutesOptions = {
  ping: () => Promise<boolean>;
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
