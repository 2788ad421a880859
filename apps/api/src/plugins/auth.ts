import { ErrorCode } from '@scentia/shared/error-codes';
import { isAdminProfile, isUserProfile } from '@scentia/shared/validators';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Account } from '../lib/account.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * Who may call a route. Routes are `staff` unless they say otherwise, so a new endpoint is closed to
 * USER profiles and to anonymous callers by default.
 * - public: anyone; authenticated: any signed-in account (USER included);
 * - staff: any profile but USER; admin: the ADMIN profile only.
 */
export type Access = 'public' | 'authenticated' | 'staff' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
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

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

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
      const access = request.routeOptions.config.access ?? 'staff';
      if (access === 'public') return;
      const token = bearerToken(request);
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED);
      const { account, sessionId } = await options.authenticate(token);
      request.account = account;
      request.sessionId = sessionId;
      if (access === 'staff' && isUserProfile(account.profileName)) throw new AppError(ErrorCode.FORBIDDEN);
      if (access === 'admin' && !isAdminProfile(account.profileName))
        throw new AppError(ErrorCode.ADMIN_ONLY);
    });
  },
  { name: 'auth', dependencies: ['i18n', 'error-handler'] },
);
