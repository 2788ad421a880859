import { FLEET_DOORS } from '@scentia/shared/access.rules';
import {
  dashboardQuerySchema,
  dashboardSitesExportQuerySchema,
  dashboardSitesPageSchema,
  dashboardSitesQuerySchema,
  shotsCampaignSchema,
  shotsFragranceSchema,
} from '@scentia/shared/dashboard.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { currentScope } from '../../lib/access-scope.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { datedFileName, sendXlsx, XLSX_TYPE } from '../../lib/xlsx-export.ts';
import { shotCampaignColumns, shotFragranceColumns, siteColumns } from './dashboard.export.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['dashboard'];
const PERIOD =
  'over whole days `from`..`to` of `timeZone` (default the last 30 days, today included; at most 366), optionally one organisation’s or one location’s';

/** One batch, for the spreadsheet writer: the dashboard's answers are small (one row per fragrance, campaign or site). */
async function* once<Row>(rows: Row[]) {
  yield rows;
}

/** The batches of a generator whose first step has been taken already. */
async function* prepended<Row>(first: IteratorResult<Row[]>, rest: AsyncGenerator<Row[]>) {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/**
 * The dashboard: shots per campaign and fragrance, and the sites compared, from the counts ingestion
 * keeps. Members see their organisation's (their locations' when limited), never the fleet's.
 */
const config = { access: FLEET_DOORS.dashboard.read };
/** The charts and the sites table only read: a member's transaction for them is read-only. */
const readConfig = { ...config, readOnly: true };
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (
  app,
  { service },
) => {
  app.get(
    '/shots-campaign',
    {
      config: readConfig,
      schema: {
        tags,
        summary: `Shots per campaign and fragrance ${PERIOD}; zero totals left out, most shots first. With limit=true, the 12 campaigns most fired, each with its 8 fragrances most fired and the rest summed as one "others" slice (fragranceId null)`,
        querystring: dashboardQuerySchema,
        response: { 200: z.array(shotsCampaignSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.shotsCampaign(
        request.query,
        translate(request.language, 'dashboard.others'),
        currentScope(request),
      ),
  );

  app.get(
    '/shots-fragrance',
    {
      config: readConfig,
      schema: {
        tags,
        summary: `Shots per fragrance over every campaign ${PERIOD}; zero totals left out, most shots first. With limit=true, the 8 fragrances most fired and the rest summed as one "others" entry (fragranceId null)`,
        querystring: dashboardQuerySchema,
        response: { 200: z.array(shotsFragranceSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.shotsFragrance(
        request.query,
        translate(request.language, 'dashboard.others'),
        currentScope(request),
      ),
  );

  app.get(
    '/export-shot-campaign',
    {
      config: { ...config, fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary: `Shots per campaign and fragrance ${PERIOD}, as an .xlsx spreadsheet: every fragrance of every campaign (never limited)`,
        querystring: dashboardQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const rows = await service.campaignExportRows(request.query, currentScope(request));
      return sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, 'export.shotsCampaign.fileName')),
        sheetName: translate(request.language, 'export.shotsCampaign.sheet'),
        columns: shotCampaignColumns(request.language),
        batches: once(rows),
      });
    },
  );

  app.get(
    '/export-shot-fragrance',
    {
      config: { ...config, fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary: `Shots per fragrance ${PERIOD}, as an .xlsx spreadsheet: every fragrance (never limited)`,
        querystring: dashboardQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const rows = await service.fragranceExportRows(request.query, currentScope(request));
      return sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, 'export.shotsFragrance.fileName')),
        sheetName: translate(request.language, 'export.shotsFragrance.sheet'),
        columns: shotFragranceColumns(request.language),
        batches: once(rows),
      });
    },
  );

  app.get(
    '/dashboard/sites',
    {
      config: readConfig,
      schema: {
        tags,
        summary: `The sites compared, one page (\`page\`, \`perPage\`) and how many in all, per organisation (default) or per location: every active one, with its shots ${PERIOD}, and its active devices, those offline and the capsules in them running out, as they are now. Sorted by name or shots (default, most first), ties by name then id; by a device or capsule figure only within one organisation (a filter, or a member's own), else a 400`,
        querystring: dashboardSitesQuerySchema,
        response: { 200: dashboardSitesPageSchema, ...errorResponses },
      },
    },
    async (request) => service.sites(request.query, currentScope(request)),
  );

  app.get(
    '/dashboard/sites/export',
    {
      config: { ...config, fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary:
          'The sites table (same filters and sort) as an .xlsx spreadsheet: every site, never paged, read and written a batch at a time',
        querystring: dashboardSitesExportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const batches = service.sitesBatches(request.query, currentScope(request));
      // The first batch is read before the answer starts: a refused sort is still a 400.
      const first = await batches.next();
      return sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, 'export.sites.fileName')),
        sheetName: translate(request.language, 'export.sites.sheet'),
        columns: siteColumns(request.language, request.query.groupBy === 'location'),
        batches: prepended(first, batches),
      });
    },
  );
};
