import { ErrorCode } from '@scentia/shared/error-codes';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error.ts';

export type AccessClaims = { userId: number; sessionId: string };

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims>;
};

const ISSUER = 'scentia';
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Short-lived HS256 JWTs naming the user and the session (refresh-token family) they belong to. The
 * key is imported into WebCrypto once; handing jose raw bytes would re-import it on every request.
 */
export async function createAccessTokens(secret: Uint8Array, ttlSeconds: number): Promise<AccessTokens> {
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token is presented on every request for its whole life; checking its signature once is
  // enough. Revocation does not depend on this: the session is looked up on every request.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    sign: ({ userId, sessionId }) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || !payload.exp) {
          throw new AppError(ErrorCode.UNAUTHENTICATED);
        }
        const claims = { userId, sessionId: payload.sid };
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new AppError(ErrorCode.TOKEN_EXPIRED);
        throw new AppError(ErrorCode.UNAUTHENTICATED);
      }
    },
  };
}
