import { ErrorCode } from '@scentia/shared/error-codes';
import fp from 'fastify-plugin';
import { AppError, tooManyRequests } from '../lib/app-error.ts';
import { bearerToken } from '../lib/bearer-token.ts';
import type { RateLimiter } from '../lib/limits/rate-limiter.ts';
import { hashToken } from '../lib/token-hash.ts';

/** A device as its credential names it: what the device routes need about the caller. */
export type AuthenticatedDevice = { id: number; locationId: number; campaignId: number };

/** How a device credential starts: recognisable in a log or a leaked file, and never a JWT. */
export const DEVICE_CREDENTIAL_PREFIX = 'dvc_';
/** The prefix and 32 random bytes in base64url. */
const CREDENTIAL_SHAPE = /^dvc_[A-Za-z0-9_-]{43}$/;

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyContextConfig {
    /**
     * On a `device` route: `'row'` (the default) reads the calling device before the handler runs;
     * `'hash'` leaves that to the handler, which has the credential's hash (the shots route resolves
     * the device in its one SQL call).
     */
    deviceLookup?: 'row' | 'hash';
  }
  // biome-ignore lint/style/useConsistentTypeDefinitions: declaration merging needs an interface
  interface FastifyRequest {
    device: AuthenticatedDevice | null;
    /** SHA-256 of the credential a `device` route was called with. */
    deviceCredentialHash: string | null;
  }
}

export type DeviceAuthOptions = {
  /** The active device holding this credential hash, read fresh on every call (revocation is immediate). */
  findDevice: (credentialHash: string) => Promise<AuthenticatedDevice | undefined>;
  /** Calls per credential over all device routes. */
  limiter: RateLimiter;
};

/**
 * The door of the routes declared `access: 'device'` (plugins/auth.ts leaves them alone): a device
 * credential and nothing else. A staff or app token is not one (401 DEVICE_CREDENTIAL_INVALID); the
 * credential's hash is counted against the per-device rate limit before any database read, so a
 * device over its limit costs nothing but this check.
 */
export const deviceAuthPlugin = fp<DeviceAuthOptions>(
  async (app, options) => {
    app.decorateRequest('device', null);
    app.decorateRequest('deviceCredentialHash', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404 || request.routeOptions.config.access !== 'device') return;
      const token = bearerToken(request);
      if (!token || !CREDENTIAL_SHAPE.test(token)) throw new AppError(ErrorCode.DEVICE_CREDENTIAL_INVALID);
      const credentialHash = hashToken(token);
      const { isAllowed, retryAfterSeconds } = await options.limiter.consume(credentialHash);
      if (!isAllowed) throw tooManyRequests(retryAfterSeconds);
      request.deviceCredentialHash = credentialHash;
      if (request.routeOptions.config.deviceLookup === 'hash') return;
      const device = await options.findDevice(credentialHash);
      if (!device) throw new AppError(ErrorCode.DEVICE_CREDENTIAL_INVALID);
      request.device = device;
    });
  },
  { name: 'device-auth', dependencies: ['i18n', 'error-handler'] },
);
