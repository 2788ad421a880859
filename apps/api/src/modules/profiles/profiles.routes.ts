import { listQuerySchema, pageOf } from '@scentia/shared/list.schemas';
import { profileOptionsAnswerSchema, profileRowSchema } from '@scentia/shared/profiles.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../lib/access-policy.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { planList, toPage } from '../../lib/list-query.ts';
import { resourceConfig } from '../../lib/resource-access.ts';
import { currentAccount } from '../../plugins/auth.ts';
import { type ProfilesRepository, profilesList } from './profiles.repository.ts';

export const profilesRoutes: FastifyPluginAsyncZod<{ repository: ProfilesRepository }> = async (
  app,
  { repository },
) => {
  app.get(
    '/perfil',
    {
      config: resourceConfig('profiles'),
      schema: {
        tags: ['profiles'],
        summary: 'Paged profiles with their master profile and user count (ADMIN only)',
        querystring: listQuerySchema,
        response: {
          200: pageOf(profileRowSchema),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const plan = planList(request.query, profilesList);
      const { rows, total } = await repository.list(plan);
      const data = rows.map((row) => ({
        id: row.id,
        nome: row.name,
        perfilMaster: row.masterName ? { nome: row.masterName } : null,
        totalUsuarios: row.userCount,
      }));
      return toPage(data, total, plan.perPage);
    },
  );

  app.get(
    '/perfil/',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Profiles the caller may assign in the user form: all for ADMIN, only their own otherwise',
        response: {
          200: profileOptionsAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const account = currentAccount(request);
      const options = await repository.listOptions(
        can(account, 'profiles.seeAll') ? undefined : account.profileId,
      );
      return { data: options.map((option) => ({ id: option.id, nome: option.name })) };
    },
  );
};
