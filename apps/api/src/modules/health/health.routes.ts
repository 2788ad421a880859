import { publicConfigSchema } from '@scentia/shared/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export type HealthRoutesOptions = {
  ping: () => Promise<boolean>;
  driver: 'pglite' | 'postgres';
  publicConfig: z.infer<typeof publicConfigSchema>;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database status',
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
