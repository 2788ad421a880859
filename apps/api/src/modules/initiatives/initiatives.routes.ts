import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { dashboardQuerySchema } from '@scentia/shared/dashboard.schemas';
import {
  type InitiativeListQuery,
  initiativeBodySchema,
  initiativeCampaignOptionsSchema,
  initiativeChangesRequestSchema,
  initiativeChartItemSchema,
  initiativeDetailSchema,
  initiativeListQuerySchema,
  initiativeLocationOptionsQuerySchema,
  initiativeLocationOptionsSchema,
  initiativeReviewBodySchema,
  initiativeRowSchema,
} from '@scentia/shared/initiatives.schemas';
import { pageOf, quickSearchQuerySchema } from '@scentia/shared/list.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { currentScope } from '../../lib/access-scope.ts';
import { errorResponses, idParamsSchema } from '../../lib/http-schemas.ts';
import { conflictErrors } from '../../lib/resource-kit/resource-routes.ts';
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
  const scoped = { access: FLEET_DOORS.initiatives.read };
  const sendExport = (request: FastifyRequest, query: InitiativeListQuery, reply: FastifyReply) =>
    sendXlsx(reply, {
      fileName: datedFileName(translate(request.language, spreadsheet.fileName)),
      sheetName: translate(request.language, spreadsheet.sheet),
      columns: spreadsheet.columns(request.language),
      batches: service.exportBatches(query, currentScope(request)),
    });

  app.get(
    path,
    {
      config: scoped,
      schema: {
        tags,
        summary:
          'Initiatives: search by title; filter by status, organisation, location and a period their dates overlap (a member: their sites’ only)',
        querystring: initiativeListQuerySchema,
        response: { 200: pageOf(initiativeRowSchema), ...errorResponses },
      },
    },
    async (request) => service.list(request.query, currentScope(request)),
  );

  for (const exportPath of [`${path}/export`, '/iniciativa/export']) {
    app.get(
      exportPath,
      {
        config: { ...scoped, fileAnswer: XLSX_TYPE },
        schema: {
          tags,
          summary:
            exportPath === '/iniciativa/export'
              ? 'The initiatives list as an .xlsx spreadsheet (the spec’s path; same filters as the list)'
              : 'The initiatives list (same filters) as an .xlsx spreadsheet (also at /iniciativa/export)',
          querystring: initiativeListQuerySchema,
          response: errorResponses,
        },
      },
      async (request, reply) => sendExport(request, request.query, reply),
    );
  }

  app.get(
    `${path}/campaign-options`,
    {
      config: scoped,
      schema: {
        tags,
        summary: 'Up to 10 active campaigns whose name contains `str`: the campaign a proposal asks for',
        querystring: quickSearchQuerySchema,
        response: { 200: initiativeCampaignOptionsSchema, ...errorResponses },
      },
    },
    async (request) => service.campaignOptions(request.query.str),
  );

  app.get(
    `${path}/location-options`,
    {
      config: scoped,
      schema: {
        tags,
        summary:
          'Up to 10 active locations whose name contains `str`, of one organisation when given (a member: their own)',
        querystring: initiativeLocationOptionsQuerySchema,
        response: { 200: initiativeLocationOptionsSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.locationOptions(currentScope(request), request.query.str, request.query.organizationId),
  );

  app.get(
    `${path}/:id`,
    {
      config: scoped,
      schema: {
        tags,
        summary: 'One initiative, with its status history and its mails (a member: staff shown as Scentia)',
        params: idParamsSchema,
        response: { 200: initiativeDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.detail(request.params.id, currentScope(request)),
  );

  app.post(
    path,
    {
      config: { access: FLEET_DOORS.initiatives.propose },
      schema: {
        tags,
        summary: 'Proposes an initiative (in review; the caller is its proposer; a Manager: for their sites)',
        body: initiativeBodySchema,
        response: { 201: initiativeRowSchema, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(currentAccount(request), currentScope(request), request.body)),
  );

  app.put(
    `${path}/:id`,
    {
      config: { access: FLEET_DOORS.initiatives.propose },
      schema: {
        tags,
        summary:
          'Updates an initiative in review or needing changes (which sends it back to review; a Manager: their sites’)',
        params: idParamsSchema,
        body: initiativeBodySchema,
        response: { 200: initiativeRowSchema, ...conflictErrors },
      },
    },
    async (request) =>
      service.update(currentAccount(request), currentScope(request), request.params.id, request.body),
  );

  for (const review of REVIEWS) {
    app.put(
      `${path}/${review.segment}/:id`,
      {
        config: { access: FLEET_DOORS.initiatives.review },
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
      config: { access: FLEET_DOORS.initiatives.review },
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
      config: scoped,
      schema: {
        tags: ['dashboard'],
        summary:
          'Initiatives by status (the spec’s names, all five) whose dates overlap the dashboard’s period, of one organisation or location',
        querystring: dashboardQuerySchema,
        response: { 200: z.array(initiativeChartItemSchema), ...errorResponses },
      },
    },
    async (request) => service.chart(request.query, currentScope(request)),
  );
};
