import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { listQuerySchema, pageOf } from '@scentia/shared/list.schemas';
import {
  memberInviteBodySchema,
  memberParamsSchema,
  memberRowSchema,
  memberUpdateBodySchema,
  organizationParamsSchema,
} from '@scentia/shared/members.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentScope } from '../../lib/access-scope.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import { currentAccount } from '../../plugins/auth.ts';
import type { Caller, OrganizationMembersService } from './organization-members.service.ts';

const tag = 'organization-members';
const writeErrors = { ...errorResponses, 409: errorResponses[400] };
/** Staff and ADMIN for any organisation, a Manager for their own (another answers 404). */
const config = { access: FLEET_DOORS.members.manage };

const callerOf = (request: FastifyRequest): Caller => ({
  account: currentAccount(request),
  scope: currentScope(request),
});

export const organizationMembersRoutes: FastifyPluginAsyncZod<{
  service: OrganizationMembersService;
}> = async (app, { service }) => {
  app.get(
    '/organizations/members/:organizationId',
    {
      config,
      schema: {
        tags: [tag],
        summary: "An organisation's members and pending invitations: search by name or e-mail, sort and page",
        params: organizationParamsSchema,
        querystring: listQuerySchema,
        response: { 200: pageOf(memberRowSchema), ...errorResponses },
      },
    },
    async (request) => service.list(callerOf(request), request.params.organizationId, request.query),
  );

  app.post(
    '/organizations/members/:organizationId',
    {
      config,
      schema: {
        tags: [tag],
        summary:
          'Invites a person by e-mail (single-use, expiring link); refused for staff and app accounts and members of another organisation',
        params: organizationParamsSchema,
        body: memberInviteBodySchema,
        response: { 201: memberRowSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const member = await service.invite(
        callerOf(request),
        request.params.organizationId,
        request.body,
        request.language,
      );
      return reply.status(201).send(member);
    },
  );

  app.put(
    '/organizations/members/:organizationId/:memberId',
    {
      config,
      schema: {
        tags: [tag],
        summary:
          "Changes a member's role and locations (a Manager cannot demote themselves as the last Manager)",
        params: memberParamsSchema,
        body: memberUpdateBodySchema,
        response: { 200: memberRowSchema, ...writeErrors },
      },
    },
    async (request) =>
      service.update(callerOf(request), request.params.organizationId, request.params.memberId, request.body),
  );

  app.delete(
    '/organizations/members/:organizationId/:memberId',
    {
      config,
      schema: {
        tags: [tag],
        summary: 'Removes a member (or a pending invitation): their sessions end at once; the account stays',
        params: memberParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.organizationId, request.params.memberId);
      return reply.status(204).send(null);
    },
  );
};
