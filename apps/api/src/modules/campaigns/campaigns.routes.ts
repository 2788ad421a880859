import { RECORD_PATHS } from '@scentia/shared/audit.schemas';
import {
  campaignBodySchema,
  campaignOptionSchema,
  campaignRowSchema,
  qrPrintBodySchema,
  setDefaultCampaignBodySchema,
  withoutQuizQuerySchema,
} from '@scentia/shared/campaigns.schemas';
import { idTextSchema } from '@scentia/shared/integers.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema } from '../../lib/http-schemas.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import {
  conflictErrors,
  registerResourceRoutes,
  uploadErrors,
} from '../../lib/resource-kit/resource-routes.ts';
import { registerSaveRoutes } from '../../lib/resource-kit/save-routes.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { campaignExportColumns } from './campaigns.export.ts';
import type { CampaignsService } from './campaigns.service.ts';

const path = RECORD_PATHS.campaign;
const tag = 'campaigns';
const COVER_FIELD = 'cover.file';
/** name, fragranceShots, updatedAt, 3 descriptions × 2 and 20 slots × 3, with room to spare. */
const MAX_FORM_FIELDS = 80;

const hasAnswerParamsSchema = z.strictObject({
  fragranceId: idTextSchema,
  campaignId: idTextSchema,
});

export const campaignsRoutes: FastifyPluginAsyncZod<{
  service: CampaignsService;
  maxUploadBytes: number;
}> = async (app, { service, maxUploadBytes }) => {
  const tags = [tag];

  app.get(
    `${path}/without-quiz`,
    {
      schema: {
        tags,
        summary:
          'Up to 10 active campaigns whose name contains `str` and that have no quiz in `lang` (the quiz form)',
        querystring: withoutQuizQuerySchema,
        response: { 200: z.array(campaignOptionSchema), ...errorResponses },
      },
    },
    async (request) => service.withoutQuiz(request.query.str, request.query.lang),
  );

  app.get(
    `${path}/has-answer/:fragranceId/:campaignId`,
    {
      schema: {
        tags,
        summary: 'Whether a quiz answer of the campaign offers the fragrance (its slot cannot be cleared)',
        params: hasAnswerParamsSchema,
        response: { 200: z.boolean(), ...errorResponses },
      },
    },
    async (request) => service.hasAnswer(request.params.fragranceId, request.params.campaignId),
  );

  app.get(
    `${path}/answered-slots/:campaignId`,
    {
      schema: {
        tags,
        summary:
          'The slots of the campaign whose fragrance a quiz answer offers (has-answer for the whole collection at once)',
        params: z.strictObject({ campaignId: idTextSchema }),
        response: { 200: z.object({ slots: z.array(z.number().int()) }), ...errorResponses },
      },
    },
    async (request) => service.answeredSlots(request.params.campaignId),
  );

  app.put(
    `${path}/default`,
    {
      schema: {
        tags,
        summary: 'Makes an active campaign the only default one',
        body: setDefaultCampaignBodySchema,
        response: { 200: campaignRowSchema, ...conflictErrors },
      },
    },
    async (request) => service.setDefault(request.body.campaignId),
  );

  app.post(
    `${path}/qr-prints/:id`,
    {
      schema: {
        tags,
        summary:
          "Records a print or download of the campaign's QR code and the updatedAt it carried; counts in downloads",
        params: idParamsSchema,
        body: qrPrintBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.recordQrPrint(request.params.id, request.body, currentAccount(request).id);
      return reply.status(204).send(null);
    },
  );

  registerResourceRoutes(app, {
    recordType: 'campaign',
    tag,
    row: campaignRowSchema,
    service,
    spreadsheet: {
      fileName: 'export.campaigns.fileName',
      sheet: 'export.campaigns.sheet',
      columns: campaignExportColumns,
    },
    summaries: {
      list: 'Campaigns: search by name; active filter; sort by name, isDefault, slotsUsed, createdAt, updatedAt',
      export: 'The campaigns list as an .xlsx spreadsheet',
      get: 'One campaign with its collection and descriptions',
      activate: 'Reactivates a campaign',
      delete:
        'Deactivates a campaign, or deletes it and its cover with hardDelete=true (inactive only); never the default',
    },
    writeErrors: uploadErrors,
  });

  registerSaveRoutes(app, {
    recordType: 'campaign',
    tag,
    row: campaignRowSchema,
    input: {
      multipart: async (request) => {
        const form = await readMultipartForm(request, {
          fileField: COVER_FIELD,
          maxFileBytes: maxUploadBytes,
          maxFields: MAX_FORM_FIELDS,
        });
        return { body: campaignBodySchema.parse(form.fields), file: form.file };
      },
    },
    create: ({ body, file }) => service.create(body, file),
    update: (id, { body, file }) => service.update(id, body, file),
    summaries: {
      create:
        'Creates a campaign: multipart with name, fragranceShots, cover.file, collection[i][fragranceId|slot|shotSeconds], descriptions[i][language|description]',
      update:
        'Updates an active campaign; send the updatedAt it was loaded with (409 when it changed since); a new cover.file replaces the old',
    },
    writeErrors: uploadErrors,
    createConfig: { multipartBody: campaignBodySchema.extend({ [COVER_FIELD]: z.file() }) },
    updateConfig: { multipartBody: campaignBodySchema.extend({ [COVER_FIELD]: z.file().optional() }) },
  });
};
