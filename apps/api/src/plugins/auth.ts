import { type Access, DEFAULT_ACCESS } from '@scentia/shared/access.rules';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { roleOf, routeRefusal } from '../lib/access-policy.ts';
import type { Account } from '../lib/account.ts';
import { AppError } from '../lib/app-error.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import { withRouteHookFirst } from '../lib/route-hooks.ts';

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
    // The gate is a hook of the guarded routes alone, with their access read once here: a public
    // route (health checks, sign-in) and a device's (plugins/device-auth.ts: no account token opens
    // it) run nothing for it. It runs first of the route's own hooks, as a hook of the whole instance
    // did, so a route's rate limit still counts only callers the gate let in.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access ?? DEFAULT_ACCESS;
      if (access === 'public' || access === 'device') return;
      const authenticate: onRequestAsyncHookHandler = async (request) => {
        const token = bearerToken(request);
        if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED);
        const { account, sessionId } = await options.authenticate(token);
        request.account = account;
        request.sessionId = sessionId;
        const refusal = routeRefusal(access, roleOf(account));
        if (refusal) throw new AppError(refusal);
      };
      route.onRequest = withRouteHookFirst(route.onRequest, authenticate);
    });
  },
  { name: 'auth', dependencies: ['i18n', 'error-handler'] },
);
