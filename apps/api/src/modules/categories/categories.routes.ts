import {
  categoryBodySchema,
  categoryRowSchema,
  quickSearchQuerySchema,
} from '@scentia/shared/catalog.schemas';
import { listQuerySchema, pageOf } from '@scentia/shared/list.schemas';
import { LANGUAGES } from '@scentia/shared/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { errorResponses, hardDeleteQuerySchema, idParamsSchema } from '../../lib/http-schemas.ts';
import { datedFileName, sendXlsx } from '../../lib/xlsx-export.ts';
import type { CategoryRecord } from './categories.repository.ts';
import type { CategoriesService } from './categories.service.ts';

const writeErrors = { ...errorResponses, 409: errorResponses[400] };

export const categoriesRoutes: FastifyPluginAsyncZod<{ service: CategoriesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Fragrance categories: search by name, active filter, sort and page',
        querystring: listQuerySchema,
        response: { 200: pageOf(categoryRowSchema), ...errorResponses },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/categories/export',
    {
      schema: {
        tags: ['categories'],
        summary: 'The categories list as an .xlsx spreadsheet',
        querystring: listQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
        translate(request.language, key, params);
      return sendXlsx<CategoryRecord>(reply, {
        fileName: datedFileName(t('export.categories.fileName')),
        sheetName: t('export.categories.sheet'),
        columns: [
          { header: t('export.id'), width: 8, value: (row) => row.id },
          { header: t('export.name'), width: 28, value: (row) => row.name },
          ...LANGUAGES.map((language) => ({
            header: t('export.translation', { language }),
            width: 28,
            value: (row: CategoryRecord) =>
              row.translations.find((entry) => entry.language === language)?.name ?? null,
          })),
          { header: t('export.fragranceCount'), width: 12, value: (row) => row.fragranceCount },
          {
            header: t('export.active'),
            width: 8,
            value: (row) => t(row.deletedAt ? 'export.no' : 'export.yes'),
          },
          { header: t('export.createdAt'), width: 20, value: (row) => row.createdAt },
          { header: t('export.updatedAt'), width: 20, value: (row) => row.updatedAt },
        ],
        batches: service.exportBatches(request.query),
      });
    },
  );

  app.get(
    '/categories/quick-search',
    {
      schema: {
        tags: ['categories'],
        summary: 'Up to 10 active categories whose name contains `str` (typeahead)',
        querystring: quickSearchQuerySchema,
        response: {
          200: z.array(z.object({ categoryId: z.number().int(), name: z.string() })),
          ...errorResponses,
        },
      },
    },
    async (request) => service.quickSearch(request.query.str),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'One category',
        params: idParamsSchema,
        response: { 200: categoryRowSchema, ...errorResponses },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Creates a category with its translations',
        body: categoryBodySchema,
        response: { 201: categoryRowSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Updates an active category and replaces its translations',
        params: idParamsSchema,
        body: categoryBodySchema,
        response: { 200: categoryRowSchema, ...writeErrors },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  app.put(
    '/categories/activate/:id',
    {
      schema: {
        tags: ['categories'],
        summary: 'Reactivates a category',
        params: idParamsSchema,
        response: { 200: categoryRowSchema, ...writeErrors },
      },
    },
    async (request) => service.activate(request.params.id),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags: ['categories'],
        summary:
          'Deactivates a category, or deletes it for good with hardDelete=true (inactive, without fragrances)',
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
