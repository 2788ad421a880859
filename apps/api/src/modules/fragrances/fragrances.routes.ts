import {
  fragranceBodySchema,
  fragranceOptionSchema,
  fragranceRowSchema,
} from '@scentia/shared/fragrances.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../lib/multipart-form.ts';
import { registerImportRoutes } from '../../lib/resource-kit/import/import-routes.ts';
import { registerResourceRoutes, uploadErrors } from '../../lib/resource-kit/resource-routes.ts';
import { registerSaveRoutes } from '../../lib/resource-kit/save-routes.ts';
import { fragranceExportColumns } from './fragrances.export.ts';
import type { FragrancesService } from './fragrances.service.ts';

const tag = 'fragrances';
const IMAGE_FIELD = 'image.file';

export const fragrancesRoutes: FastifyPluginAsyncZod<{
  service: FragrancesService;
  maxUploadBytes: number;
}> = async (app, { service, maxUploadBytes }) => {
  registerResourceRoutes(app, {
    recordType: 'fragrance',
    tag,
    row: fragranceRowSchema,
    service,
    spreadsheet: {
      fileName: 'export.fragrances.fileName',
      sheet: 'export.fragrances.sheet',
      columns: fragranceExportColumns,
    },
    quickSearch: {
      summary: 'Up to 10 active fragrances whose name contains `str` (typeahead)',
      match: fragranceOptionSchema,
      search: service.quickSearch,
    },
    summaries: {
      list: 'Fragrances: search matches the fragrance and its category name; active filter, sort, page',
      export: 'The fragrances list as an .xlsx spreadsheet',
      get: 'One fragrance',
      activate: 'Reactivates a fragrance',
      delete:
        'Deactivates a fragrance, or deletes it and its image files with hardDelete=true (inactive only)',
    },
    writeErrors: uploadErrors,
  });

  registerSaveRoutes(app, {
    recordType: 'fragrance',
    tag,
    row: fragranceRowSchema,
    // The multipart form, validated by the same schema the web form uses; the image travels beside it.
    input: {
      multipart: async (request) => {
        const form = await readMultipartForm(request, {
          fileField: IMAGE_FIELD,
          maxFileBytes: maxUploadBytes,
        });
        return { body: fragranceBodySchema.parse(form.fields), file: form.file };
      },
    },
    create: ({ body, file }) => service.create(body, file),
    update: (id, { body, file }) => service.update(id, body, file),
    summaries: {
      create:
        'Creates a fragrance: multipart with name, description, ofactoryWay, categoryId, image.file, translations[i][…]',
      update: 'Updates an active fragrance; a new image.file replaces the old image',
    },
    writeErrors: uploadErrors,
    createConfig: { multipartBody: fragranceBodySchema.extend({ [IMAGE_FIELD]: z.file() }) },
    updateConfig: { multipartBody: fragranceBodySchema.extend({ [IMAGE_FIELD]: z.file().optional() }) },
  });

  registerImportRoutes(app, { tag, ...service.importer });
};
