import {
  categoryBodySchema,
  categoryOptionSchema,
  categoryRowSchema,
} from '@scentia/shared/categories.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerImportRoutes } from '../../lib/resource-kit/import/import-routes.ts';
import { registerResourceRoutes } from '../../lib/resource-kit/resource-routes.ts';
import { registerSaveRoutes } from '../../lib/resource-kit/save-routes.ts';
import { categoryExportColumns } from './categories.export.ts';
import type { CategoriesService } from './categories.service.ts';

const tag = 'categories';

export const categoriesRoutes: FastifyPluginAsyncZod<{ service: CategoriesService }> = async (
  app,
  { service },
) => {
  registerResourceRoutes(app, {
    recordType: 'category',
    tag,
    row: categoryRowSchema,
    service,
    spreadsheet: {
      fileName: 'export.categories.fileName',
      sheet: 'export.categories.sheet',
      columns: categoryExportColumns,
    },
    quickSearch: {
      summary: 'Up to 10 active categories whose name contains `str` (typeahead)',
      match: categoryOptionSchema,
      search: (text) => service.quickSearch(text),
    },
    summaries: {
      list: 'Fragrance categories: search by name, active filter, sort and page',
      export: 'The categories list as an .xlsx spreadsheet',
      get: 'One category',
      activate: 'Reactivates a category',
      delete:
        'Deactivates a category, or deletes it for good with hardDelete=true (inactive, without fragrances)',
    },
  });

  registerSaveRoutes(app, {
    recordType: 'category',
    tag,
    row: categoryRowSchema,
    input: { json: categoryBodySchema },
    create: service.create,
    update: service.update,
    summaries: {
      create: 'Creates a category with its translations',
      update: 'Updates an active category and replaces its translations',
    },
  });

  registerImportRoutes(app, { tag, ...service.importer });
};
