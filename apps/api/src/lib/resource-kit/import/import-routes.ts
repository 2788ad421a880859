import { type KitRecordType, RECORD_PATHS } from '@scentia/shared/audit.schemas';
import { importQuerySchema, importReportSchema } from '@scentia/shared/record-import.schemas';
import type { FastifyContextConfig, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { translate } from '../../../i18n/translate.ts';
import type { Account } from '../../account.ts';
import { errorResponses } from '../../http-schemas.ts';
import { withResourceAccess } from '../../resource-access.ts';
import { XLSX_TYPE } from '../../xlsx-export.ts';
import { uploadErrors, type ZodApp } from '../resource-routes.ts';
import type { ImportDeclaration } from './import-declaration.ts';
import { importTemplate } from './import-template.ts';
import { IMPORT_FILE_FIELD, withUploadedImport } from './import-upload.ts';
import { runImport } from './record-import.ts';

export type ImportRoutes<Body> = {
  tag: string;
  /** The database the writes go through (the services' audited handle). */
  db: Database;
  declaration: ImportDeclaration<Body> & { recordType: KitRecordType };
  /** The resource's create access (`access`: staff when absent): whoever may create may import. */
  config?: FastifyContextConfig;
};

/**
 * `GET {path}/import/template` (the xlsx template in the caller's language) and `POST {path}/import`
 * (a spreadsheet checked, or checked and applied: `?mode=check|apply`), for a resource that declares
 * its import (`ImportDeclaration`).
 */
export function registerImportRoutes<Body>(app: ZodApp, routes: ImportRoutes<Body>): void {
  const { db } = routes;
  // Registered first: the worker runs its jobs with it, and its prefill gets the postcode lookup.
  const declaration = app.importJobs.register(routes.declaration, db);
  // An ADMIN-only resource's import is the ADMIN's (RESOURCE_ACCESS), whatever `config` names.
  const config = withResourceAccess(declaration.recordType, routes.config);
  const path = RECORD_PATHS[declaration.recordType];
  const tags = [routes.tag];

  app.get(
    `${path}/import/template`,
    {
      config: { ...config, fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary:
          'The import template: the columns in the caller’s language, an example row, the rules in notes',
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const bytes = await importTemplate(declaration.columns, request.language);
      const fileName = `${translate(request.language, 'import.template.fileName')}-${declaration.recordType}.xlsx`;
      // A file, not one of the JSON answers the schema declares (as the kit's export answers).
      return (reply as FastifyReply)
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  app.post(
    `${path}/import`,
    {
      config: { ...config, multipartBody: z.object({ [IMPORT_FILE_FIELD]: z.file() }) },
      schema: {
        tags,
        summary:
          'Checks a spreadsheet (xlsx or CSV, UTF-8 or Latin-1, `,` or `;`) row by row (mode=check), or checks and applies it all or nothing, inserting or updating by the natural key (mode=apply). A small file is answered when done (200); a large one is queued as a job (202), followed with GET /api/imports/{id}',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importReportSchema, 202: importReportSchema, ...uploadErrors },
      },
    },
    async (request, reply) =>
      withUploadedImport(request, async (file) => {
        const { mode } = request.query;
        if (await app.importJobs.isLarge(file)) {
          const queued = await app.importJobs.enqueue(declaration as ImportDeclaration<unknown>, {
            mode,
            file,
            account: request.account as Account,
            language: request.language,
          });
          return reply.code(202).send(queued);
        }
        return runImport(db, declaration, {
          mode,
          language: request.language,
          file,
          caller: { account: request.account ?? undefined, language: request.language },
        });
      }),
  );
}
