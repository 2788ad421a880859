import { importReportSchema } from '@scentia/shared/record-import.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Account } from '../../account.ts';
import { errorResponses } from '../../http-schemas.ts';
import type { ImportJobs } from './import-jobs.ts';

const tags = ['imports'];

const importIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'invalid' }) });

/**
 * `GET /imports/{id}` (a queued import's report, with its progress while it runs) and
 * `POST /imports/{id}/cancel`: to the import's own caller or an administrator; anybody else's id is a
 * 404, as an unknown one.
 */
export const importJobsRoutes: FastifyPluginAsyncZod<{ jobs: ImportJobs }> = async (app, { jobs }) => {
  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary:
          'An import run as a job: its state (queued, running, done, failed, cancelled), its progress (rows processed of the total) and, once done, its report',
        params: importIdParamsSchema,
        response: { 200: importReportSchema, ...errorResponses },
      },
    },
    async (request) => jobs.find(request.params.id, request.account as Account),
  );

  app.post(
    '/imports/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Asks an import job to stop: a queued one is cancelled at once, a running one between two chunks, its writes rolled back (nothing written); a finished one is answered as it is',
        params: importIdParamsSchema,
        response: { 200: importReportSchema, ...errorResponses },
      },
    },
    async (request) => jobs.cancel(request.params.id, request.account as Account),
  );
};
