import {
  fragranceBodySchema,
  fragranceRowSchema,
  quickSearchQuerySchema,
} from '@scentia/shared/catalog.schemas';
import { listQuerySchema, pageOf } from '@scentia/shared/list.schemas';
import { LANGUAGES } from '@scentia/shared/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { errorResponses, hardDeleteQuerySchema, idParamsSchema } from '../../lib/http-schemas.ts';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { datedFileName, sendXlsx } from '../../lib/xlsx-export.ts';
import type { FragranceRecord } from './fragrances.repository.ts';
import type { FragrancesService } from './fragrances.service.ts';

const writeErrors = {
  ...errorResponses,
  409: errorResponses[400],
  413: errorResponses[400],
  415: errorResponses[400],
};
const IMAGE_FIELD = 'image.file';

export const fragrancesRoutes: FastifyPluginAsyncZod<{
  service: FragrancesService;
  maxUploadBytes: number;
}> = async (app, { service, maxUploadBytes }) => {
  /** The multipart form, validated by the same schema the web form uses. */
  const readForm = async (request: Parameters<typeof readMultipartForm>[0]) => {
    const form = await readMultipartForm(request, { fileField: IMAGE_FIELD, maxFileBytes: maxUploadBytes });
    return { body: fragranceBodySchema.parse(form.fields), file: form.file };
  };

  app.get(
    '/fragrances',
    {
      schema: {
        tags: ['fragrances'],
        summary: 'Fragrances: search matches the fragrance and its category name; active filter, sort, page',
        querystring: listQuerySchema,
        response: { 200: pageOf(fragranceRowSchema), ...errorResponses },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/fragrances/export',
    {
      schema: {
        tags: ['fragrances'],
        summary: 'The fragrances list as an .xlsx spreadsheet',
        querystring: listQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
        translate(request.language, key, params);
      return sendXlsx<FragranceRecord>(reply, {
        fileName: datedFileName(t('export.fragrances.fileName')),
        sheetName: t('export.fragrances.sheet'),
        columns: [
          { header: t('export.id'), width: 8, value: (row) => String(row.id).padStart(4, '0') },
          { header: t('export.name'), width: 28, value: (row) => row.name },
          { header: t('export.category'), width: 20, value: (row) => row.categoryName },
          { header: t('export.olfactoryWay'), width: 36, value: (row) => row.olfactoryWay },
          { header: t('export.description'), width: 40, value: (row) => row.description },
          ...LANGUAGES.map((language) => ({
            header: t('export.translatedOlfactoryWay', { language }),
            width: 36,
            value: (row: FragranceRecord) =>
              row.translations.find((entry) => entry.language === language)?.olfactoryWay ?? null,
          })),
          {
            header: t('export.active'),
            width: 8,
            value: (row) => t(row.deletedAt ? 'export.no' : 'export.yes'),
          },
          { header: t('export.createdAt'), width: 20, value: (row) => row.createdAt },
        ],
        batches: service.exportBatches(request.query),
      });
    },
  );

  app.get(
    '/fragrances/quick-search',
    {
      schema: {
        tags: ['fragrances'],
        summary: 'Up to 10 active fragrances whose name contains `str` (typeahead)',
        querystring: quickSearchQuerySchema,
        response: {
          200: z.array(z.object({ fragranceId: z.number().int(), name: z.string() })),
          ...errorResponses,
        },
      },
    },
    async (request) => service.quickSearch(request.query.str),
  );

  app.get(
    '/fragrances/:id',
    {
      schema: {
        tags: ['fragrances'],
        summary: 'One fragrance',
        params: idParamsSchema,
        response: { 200: fragranceRowSchema, ...errorResponses },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/fragrances',
    {
      schema: {
        tags: ['fragrances'],
        summary:
          'Creates a fragrance: multipart with name, description, ofactoryWay, categoryId, image.file, translations[i][…]',
        consumes: ['multipart/form-data'],
        response: { 201: fragranceRowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { body, file } = await readForm(request);
      return reply.status(201).send(await service.create(body, file));
    },
  );

  app.put(
    '/fragrances/:id',
    {
      schema: {
        tags: ['fragrances'],
        summary: 'Updates an active fragrance; a new image.file replaces the old image',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: fragranceRowSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { body, file } = await readForm(request);
      return service.update(request.params.id, body, file);
    },
  );

  app.put(
    '/fragrances/activate/:id',
    {
      schema: {
        tags: ['fragrances'],
        summary: 'Reactivates a fragrance',
        params: idParamsSchema,
        response: { 200: fragranceRowSchema, ...writeErrors },
      },
    },
    async (request) => service.activate(request.params.id),
  );

  app.delete(
    '/fragrances/:id',
    {
      schema: {
        tags: ['fragrances'],
        summary:
          'Deactivates a fragrance, or deletes it and its image files with hardDelete=true (inactive only)',
        params: idParamsSchema,
        querystring: hardDeleteQuerySchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      if (request.query.hardDelete) await service.deletePermanently(request.params.id);
      else await service.deactivate(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
