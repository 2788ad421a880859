import {
  loginBodySchema,
  logoutBodySchema,
  refreshBodySchema,
  tokenPairSchema,
} from '@scentia/shared/auth.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress } from '../../lib/client-address.ts';
import { errorResponses } from '../../lib/http-schemas.ts';
import type { AuthService, ClientInfo } from './auth.service.ts';

// A burst limit per IP on top of the per-account failure counting done by the service.
const burstLimit = { max: 30, timeWindow: '1 minute' };

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService }> = async (app, { service }) => {
  const clientOf = (request: FastifyRequest): ClientInfo => ({
    ip: clientAddress(request),
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: burstLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with {Login, Senha} or {email, password}',
        body: loginBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses },
      },
    },
    async (request) => service.signIn(request.body, clientOf(request)),
  );

  app.post(
    '/login/refresh',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        body: refreshBodySchema,
        response: { 200: tokenPairSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.refresh({ login: request.body.Login, refreshToken: request.body.Refresh }, clientOf(request)),
  );

  app.post(
    '/logout',
    {
      config: { access: 'public', rateLimit: burstLimit },
      schema: {
        tags: ['auth'],
        summary: 'End the session the refresh token belongs to',
        body: logoutBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.signOut(request.body.refreshToken, clientOf(request));
      return reply.status(204).send(null);
    },
  );
};
