import { dashboardQuerySchema } from '@scentia/shared/dashboard.schemas';
import {
  initiativeBodySchema,
  initiativeChangesRequestSchema,
  initiativeChartItemSchema,
  initiativeDetailSchema,
  initiativeListQuerySchema,
  initiativeReviewBodySchema,
  initiativeRowSchema,
} from '@scentia/shared/initiatives.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { errorResponses, idParamsSchema } from '../../lib/http-schemas.ts';
import { conflictErrors, registerReadRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { datedFileName, sendXlsx, XLSX_TYPE } from '../../lib/xlsx-export.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { initiativeExportColumns } from './initiatives.export.ts';
import type { InitiativesService, ReviewAction } from './initiatives.service.ts';

const tag = 'initiatives';
const tags = [tag];
const path = '/initiatives';
const spreadsheet = {
  fileName: 'export.initiatives.fileName',
  sheet: 'export.initiatives.sheet',
  columns: initiativeExportColumns,
} as const;

/** The review routes an admin calls, action first (`PUT /initiatives/approve/{id}`), and what each does. */
const REVIEWS: { segment: string; action: ReviewAction; summary: string }[] = [
  {
    segment: 'approve',
    action: 'approve',
    summary: 'Approves an initiative in review (refused when it clashes)',
  },
  { segment: 'reject', action: 'reject', summary: 'Rejects an initiative in review' },
  {
    segment: 'deactivate',
    action: 'deactivate',
    summary: 'Sets an initiative inactive, whatever its status',
  },
  { segment: 'reopen', action: 'reopen', summary: 'Reopens an inactive initiative into review' },
];

export const initiativesRoutes: FastifyPluginAsyncZod<{ service: InitiativesService }> = async (
  app,
  { service },
) => {
  registerReadRoutes(app, {
    path,
    tag,
    row: initiativeRowSchema,
    getRow: initiativeDetailSchema,
    service: { list: service.list, exportBatches: service.exportBatches, get: service.detail },
    listQuery: initiativeListQuerySchema,
    spreadsheet,
    summaries: {
      list: 'Initiatives: search by title; filter by status, organisation, location and a period their dates overlap',
      export: 'The initiatives list (same filters) as an .xlsx spreadsheet (also at /iniciativa/export)',
      get: 'One initiative, with its status history and its mails',
    },
  });

  // The spec's name of the export (§7).
  app.get(
    '/iniciativa/export',
    {
      config: { fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary: 'The initiatives list as an .xlsx spreadsheet (the spec’s path; same filters as the list)',
        querystring: initiativeListQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, spreadsheet.fileName)),
        sheetName: translate(request.language, spreadsheet.sheet),
        columns: spreadsheet.columns(request.language),
        batches: service.exportBatches(request.query),
      }),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Proposes an initiative (in review; the caller is its proposer)',
        body: initiativeBodySchema,
        response: { 201: initiativeRowSchema, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentAccount(request), request.body)),
  );

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Updates an initiative in review or needing changes (which sends it back to review)',
        params: idParamsSchema,
        body: initiativeBodySchema,
        response: { 200: initiativeRowSchema, ...conflictErrors },
      },
    },
    async (request) => service.update(currentAccount(request), request.params.id, request.body),
  );

  for (const review of REVIEWS) {
    app.put(
      `${path}/${review.segment}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: `${review.summary} (admin); an optional note goes into its history`,
          params: idParamsSchema,
          body: initiativeReviewBodySchema,
          response: { 200: initiativeRowSchema, ...conflictErrors },
        },
      },
      async (request) =>
        service.review(currentAccount(request), request.params.id, review.action, request.body.note),
    );
  }

  app.put(
    `${path}/request-changes/:id`,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Asks for changes to an initiative in review (admin): the mail to the recipient is sanitised, queued once and recorded',
        params: idParamsSchema,
        body: initiativeChangesRequestSchema,
        response: { 200: initiativeRowSchema, ...conflictErrors },
      },
    },
    async (request) =>
      service.requestChanges(currentAccount(request), request.params.id, request.body, request.language),
  );

  app.get(
    '/dashboard/chart-iniciativa',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Initiatives by status (the spec’s names, all five) whose dates overlap the dashboard’s period, of one organisation or location',
        querystring: dashboardQuerySchema,
        response: { 200: z.array(initiativeChartItemSchema), ...errorResponses },
      },
    },
    async (request) => service.chart(request.query),
  );
};
