import { anonymisedUserSchema, personalDataSchema } from '@scentia/shared/privacy.schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { errorResponses, idParamsSchema } from '../../lib/http-schemas.ts';
import { XLSX_TYPE } from '../../lib/xlsx-export.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { personalDataWorkbook } from './privacy.export.ts';
import type { PrivacyService } from './privacy.service.ts';

const writeErrors = { ...errorResponses, 409: errorResponses[400] };

/** `dados-pessoais-12-2026-11-23`: the file's name in the request's language, the account and the day. */
const fileName = (language: Parameters<typeof translate>[0], id: number, now: Date) =>
  `${translate(language, 'export.privacy.fileName')}-${id}-${now.toISOString().slice(0, 10)}`;

/**
 * A person's data on request (LGPD art. 18): ADMIN only, since it is everything held about someone;
 * and the erasure of a client's contact person, who is not an account.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ service: PrivacyService }> = async (app, { service }) => {
  app.get(
    '/usuario/personal-data/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary:
          'Everything held about an account, as a JSON attachment (ADMIN only); no secrets. The read is recorded in the audit trail',
        params: idParamsSchema,
        response: { 200: personalDataSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const data = await service.personalData(request.params.id, 'json', now);
      return reply
        .header(
          'content-disposition',
          `attachment; filename="${fileName(request.language, data.account.id, now)}.json"`,
        )
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.get(
    '/usuario/personal-data/:id/export',
    {
      config: { access: 'admin', fileAnswer: XLSX_TYPE },
      schema: {
        tags: ['privacy'],
        summary:
          'The same as an .xlsx workbook, one sheet per section (ADMIN only); recorded in the audit trail too',
        params: idParamsSchema,
        response: errorResponses,
      },
    },
    async (request, typedReply) => {
      // A file, not one of the JSON answers the schema declares.
      const reply = typedReply as FastifyReply;
      const now = new Date();
      const data = await service.personalData(request.params.id, 'xlsx', now);
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${fileName(request.language, data.account.id, now)}.xlsx"`,
        )
        .header('cache-control', 'no-store')
        .send(await personalDataWorkbook(data, request.language));
    },
  );

  app.post(
    '/usuario/anonymise/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary:
          'Erases an account’s personal data for good (ADMIN only): not oneself, not the last active ADMIN',
        params: idParamsSchema,
        response: { 200: anonymisedUserSchema, ...writeErrors },
      },
    },
    async (request) => service.anonymise(currentAccount(request), request.params.id),
  );

  app.post(
    '/organizations/contact-erasure/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary:
          'Erases an organisation’s contact person (name, e-mail, phone) on the row and in its audit trail (ADMIN only); idempotent',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.eraseContact(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
