import { AUDIT_RECORD_TYPES, auditListQuerySchema } from '@scentia/shared/audit.schemas';
import { auditHistoryEventSchema } from '@scentia/shared/audit-fields';
import { pageOf } from '@scentia/shared/list.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { currentScope } from '../../lib/access-scope.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { datedFileName, sendXlsx, XLSX_TYPE } from '../../lib/xlsx-export.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { auditExportColumns } from './audit.export.ts';
import type { AuditService } from './audit.service.ts';

const tags = ['audit'];

/** `/audit/history/{recordType}/{recordId}`: a kind the trail names, and the record's id as it keeps it. */
const historyParamsSchema = z.strictObject({
  recordType: z.enum(AUDIT_RECORD_TYPES, { error: 'invalidOption' }),
  recordId: z.string().trim().min(1, { error: 'required' }).max(64, { error: 'tooLong' }),
});

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get(
    '/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'The audit trail (ADMIN only): who changed what and when, newest first; filters by record, person and period',
        querystring: auditListQuerySchema,
        response: { 200: pageOf(auditHistoryEventSchema), ...errorResponses },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/audit/export',
    {
      config: { access: 'admin', fileAnswer: XLSX_TYPE },
      schema: {
        tags,
        summary:
          'The audit trail as an .xlsx spreadsheet: same filters and sort, every event (ADMIN only); the export is recorded in the trail',
        querystring: auditListQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, 'export.audit.fileName')),
        sheetName: translate(request.language, 'export.audit.sheet'),
        columns: auditExportColumns(request.language),
        batches: await service.exportBatches(request.query),
      }),
  );

  app.get(
    '/audit/history/:recordType/:recordId',
    {
      // Members too, for their organisation's records (audit-access.ts says which kinds).
      config: { access: 'organization' },
      schema: {
        tags,
        summary: 'The latest events of one record, for its edit page (a person’s history: ADMIN only)',
        params: historyParamsSchema,
        response: { 200: z.array(auditHistoryEventSchema), ...errorResponses },
      },
    },
    async (request) =>
      service.history(
        currentAccount(request),
        request.params.recordType,
        request.params.recordId,
        currentScope(request),
      ),
  );
};
