import { type Access, DEFAULT_ACCESS } from '@scentia/shared/access.rules';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roleOf, routeRefusal } from '../lib/access-policy.ts';
import type { Account } from '../lib/account.ts';
import { AppError } from '../lib/app-error.ts';
import { bearerToken } from '../lib/bearer-token.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (lib/access-policy.ts). Routes are `staff` unless they say otherwise, so a
     * new endpoint is closed to USER profiles and to anonymous callers by default.
     */
    access?: Access;
  }
  interface FastifyRequest {
    account: Account | null;
    /** The session (refresh-token family) the access token belongs to. */
    sessionId: string | null;
  }
}

export type AuthPluginOptions = {
  authenticate: (accessToken: string) => Promise<{ account: Account; sessionId: string }>;
};

/** The signed-in account of a guarded route; guarded routes never reach their handler without one. */
export function currentAccount(request: FastifyRequest): Account {
  if (!request.account) throw new AppError(ErrorCode.UNAUTHENTICATED);
  return request.account;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    app.decorateRequest('account', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const access = request.routeOptions.config.access ?? DEFAULT_ACCESS;
      // A device route has its own door (plugins/device-auth.ts): no account token opens it.
      if (access === 'public' || access === 'device') return;
      const token = bearerToken(request);
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED);
      const { account, sessionId } = await options.authenticate(token);
      request.account = account;
      request.sessionId = sessionId;
      const refusal = routeRefusal(access, roleOf(account));
      if (refusal) throw new AppError(refusal);
    });
  },
  { name: 'auth', dependencies: ['i18n', 'error-handler'] },
);
