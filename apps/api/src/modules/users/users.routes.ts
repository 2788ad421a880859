import { currentUserSchema } from '@scentia/shared/auth.schemas';
import { type ListQuery, listQuerySchema, pageOf } from '@scentia/shared/list.schemas';
import { userBodySchema, userRowSchema, userToggleBodySchema } from '@scentia/shared/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../i18n/translate.ts';
import { errorResponses, idParamsSchema } from '../../lib/http-schemas.ts';
import { filterOf, registerBulkRoutes } from '../../lib/resource-kit/bulk-routes.ts';
import { registerImportRoutes } from '../../lib/resource-kit/import/import-routes.ts';
import { datedFileName, sendXlsx, XLSX_TYPE } from '../../lib/xlsx-export.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { userExportColumns } from './users.export.ts';
import type { UsersService } from './users.service.ts';
import { type ResendConfirmations, usersBulk } from './users-bulk.ts';

const writeErrors = { ...errorResponses, 409: errorResponses[400] };

/**
 * `PUT /usuario/{id}` carries either the whole user or only `{ativo}` (the list's toggle). The shape
 * decides which schema applies, and that schema's own field errors are reported.
 */
const updateBodySchema = z.unknown().transform((body, ctx) => {
  const isToggle =
    typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'ativo' in body;
  const result = (isToggle ? userToggleBodySchema : userBodySchema).safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  }
  return isToggle
    ? { kind: 'toggle' as const, isActive: (result.data as { ativo: boolean }).ativo }
    : { kind: 'full' as const, user: result.data as z.infer<typeof userBodySchema> };
});

export const usersRoutes: FastifyPluginAsyncZod<{
  service: UsersService;
  resendConfirmations: ResendConfirmations;
}> = async (app, { service, resendConfirmations }) => {
  registerBulkRoutes(app, {
    path: '/usuario',
    tag: 'users',
    declaration: usersBulk(service, resendConfirmations),
    // The users list's own filter (search, state), read as its page is: its ids, in its order.
    ids: {
      query: filterOf(listQuerySchema) as z.ZodType<ListQuery>,
      matching: (query, _scope, limit) => service.matchingIds(query, limit),
    },
  });

  // Whoever may create a user (staff, as `POST /usuario`) may import them; the profile each row gives
  // is checked by the service's create and update, as the form's.
  registerImportRoutes(app, { tag: 'users', ...service.importer });

  app.get(
    '/usuario/me',
    {
      // Any signed-in account, USER included: the web client itself turns USER profiles away.
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      return {
        id: account.id,
        nome: account.name,
        email: account.email,
        profile: { id: account.profileId, nome: account.profileName },
        confirmedAt: account.confirmedAt?.toISOString() ?? null,
        createdAt: account.createdAt.toISOString(),
        membership: account.membership,
      };
    },
  );

  app.get(
    '/usuario',
    {
      schema: {
        tags: ['users'],
        summary: 'Users: search (name, e-mail), active filter, sort and page',
        querystring: listQuerySchema,
        response: { 200: pageOf(userRowSchema), ...errorResponses },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/export',
    {
      config: { fileAnswer: XLSX_TYPE },
      schema: {
        tags: ['users'],
        summary:
          'The users list as an .xlsx spreadsheet: same search, filter and sort, every row; recorded in the audit trail with its filter and count',
        querystring: listQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, {
        fileName: datedFileName(translate(request.language, 'export.users.fileName')),
        sheetName: translate(request.language, 'export.users.sheet'),
        columns: userExportColumns(request.language),
        batches: service.exportBatches(request.query),
      }),
  );

  app.get(
    '/usuario/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user; the read is recorded in the audit trail under them',
        params: idParamsSchema,
        response: { 200: userRowSchema, ...errorResponses },
      },
    },
    async (request) => service.open(request.params.id),
  );

  app.post(
    '/usuario',
    {
      schema: {
        tags: ['users'],
        summary: 'Creates an unconfirmed user and sends the registration mail',
        body: userBodySchema,
        response: { 201: userRowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await service.create(currentAccount(request), request.body, request.language);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/usuario/:id',
    {
      config: { documentedBody: z.union([userBodySchema, userToggleBodySchema]) },
      schema: {
        tags: ['users'],
        summary: 'Updates a user, or toggles it with only {ativo}',
        params: idParamsSchema,
        body: updateBodySchema,
        response: { 200: userRowSchema, ...writeErrors },
      },
    },
    async (request) => {
      const actor = currentAccount(request);
      const { id } = request.params;
      return request.body.kind === 'toggle'
        ? service.setActive(actor, id, request.body.isActive)
        : service.update(actor, id, request.body.user);
    },
  );

  app.delete(
    '/usuario/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Deletes an unconfirmed user (ADMIN only); confirmed users are deactivated instead',
        params: idParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await service.remove(currentAccount(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
