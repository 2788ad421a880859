import {
  changePasswordBodySchema,
  recoveryRequestBodySchema,
  signUpBodySchema,
  temporaryRequestBodySchema,
  temporaryRequestResultSchema,
} from '@scentia/shared/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema } from '../../lib/http-schemas.ts';
import { currentAccount } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

const publicBurst = { max: 10, timeWindow: '1 minute' };

export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  app.post(
    '/usuario/cadastro',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Public sign-up: creates an unconfirmed USER account and sends the activation mail',
        body: signUpBodySchema,
        response: { 201: z.object({ email: z.string() }), 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const { nome, email, password } = request.body;
      const created = await service.signUp({ name: nome, email, password }, request.language);
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/usuario/recuperar-senha',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sends a password-recovery mail; answers the same whether or not the address has an account',
        body: recoveryRequestBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      service.requestRecovery(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/requisicaotemporaria',
    {
      config: { access: 'public', rateLimit: publicBurst },
      schema: {
        tags: ['auth'],
        summary: 'Uses a mail link: activation, password recovery or password registration',
        body: temporaryRequestBodySchema,
        response: { 200: temporaryRequestResultSchema, 410: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => service.completeTemporaryRequest(request.body),
  );

  app.put(
    '/usuario/update-password',
    {
      config: { access: 'authenticated', rateLimit: publicBurst },
      schema: {
        tags: ['auth'],
        summary: "Changes the signed-in user's password; their other sessions end",
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const account = currentAccount(request);
      await service.changePassword(account.id, request.sessionId, {
        current: request.body.senhaAtual,
        next: request.body.novaSenha,
      });
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/usuario/resend-mail/:id',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Re-sends the activation or registration mail of an unconfirmed user (new link, old one dies)',
        params: idParamsSchema,
        response: { 204: z.null(), 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.resendConfirmation(currentAccount(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
