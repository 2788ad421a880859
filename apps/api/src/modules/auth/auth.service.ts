import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@scentia/shared/auth.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { isClientProfile } from '@scentia/shared/validators';
import type { AccessLogEvent } from '../../db/schema/index.ts';
import type { AccessTokens } from '../../lib/access-tokens.ts';
import type { Account } from '../../lib/account.ts';
import { AppError, tooManyRequests } from '../../lib/app-error.ts';
import { storedAddress, storedHeader } from '../../lib/audit/client-trace.ts';
import type { FailureLimiter } from '../../lib/limits/failure-limiter.ts';
import { getDecoyHash, verifyPassword } from '../../lib/passwords.ts';
import { createSessionCheckCache } from '../../lib/session-check-cache.ts';
import { hashToken } from '../../lib/token-hash.ts';
import type { AuthRepository } from './auth.repository.ts';

export type AuthServiceDeps = {
  repository: AuthRepository;
  accessTokens: AccessTokens;
  refreshTtlMs: number;
  failuresByAccount: FailureLimiter;
  failuresByIp: FailureLimiter;
};

export type ClientInfo = { ip: string; userAgent?: string };

/**
 * What the access log keeps of a client: never a password; its address only when it is one, its user
 * agent cleaned and bounded (lib/audit/client-trace.ts).
 */
function accessLogEntry(event: AccessLogEvent, client: ClientInfo, who: { userId?: number; email?: string }) {
  return {
    event,
    userId: who.userId,
    email: who.email?.slice(0, 200),
    ip: storedAddress(client.ip),
    userAgent: storedHeader(client.userAgent),
  };
}

/** A CLIENT account whose membership is gone, pending, or of an inactive organisation. */
function isClientWithoutMembership(account: Account): boolean {
  return isClientProfile(account.profileName) && account.membership === null;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repository, accessTokens } = deps;
  const liveSessions = createSessionCheckCache<Account>();

  // The access-log record commits with the refresh token it describes.
  async function issueTokens(
    account: Account,
    familyId: string,
    client: ClientInfo,
    event: 'sign-in' | 'refresh',
    repo: AuthRepository,
  ): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await repo.insertAccessLog(accessLogEntry(event, client, { userId: account.id }));
    await repo.recordActivity(account.id);
    await repo.insertRefreshToken({
      userId: account.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + deps.refreshTtlMs),
      userAgent: storedHeader(client.userAgent),
      ip: storedAddress(client.ip),
    });
    const token = await accessTokens.sign({ userId: account.id, sessionId: familyId });
    return { token, refreshToken, login: account.email };
  }

  function assertCanSignIn(account: Account): void {
    if (account.deletedAt) throw new AppError(ErrorCode.ACCOUNT_INACTIVE);
    if (!account.confirmedAt) throw new AppError(ErrorCode.ACCOUNT_UNCONFIRMED);
    // A client account opens nothing without a live membership: say so rather than let it in to 401s.
    if (isClientWithoutMembership(account)) throw new AppError(ErrorCode.NOT_A_MEMBER);
  }

  /**
   * Records a refused sign-in in its own write, then rethrows the refusal. A failure to record is
   * swallowed: the answer the client gets is the refusal, never an error from the log.
   */
  async function refuseSignIn(
    refusal: unknown,
    email: string,
    client: ClientInfo,
    userId?: number,
  ): Promise<never> {
    await repository
      .insertAccessLog(accessLogEntry('sign-in-failed', client, { userId, email }))
      .catch(() => undefined);
    throw refusal;
  }

  return {
    /**
     * Checks the credentials and starts a session. Failures are counted per IP and per account; an
     * unknown e-mail costs the same password check as a known one so timing reveals nothing.
     */
    async signIn(credentials: { email: string; password: string }, client: ClientInfo): Promise<TokenPair> {
      const accountKey = credentials.email.toLowerCase();
      const blockedFor = Math.max(
        ...(await Promise.all([
          deps.failuresByIp.retryAfter(client.ip),
          deps.failuresByAccount.retryAfter(accountKey),
        ])),
      );
      if (blockedFor > 0) return refuseSignIn(tooManyRequests(blockedFor), credentials.email, client);

      const account = await repository.findAccountByEmail(credentials.email);
      const isPasswordRight = await verifyPassword(
        account?.passwordHash ?? (await getDecoyHash()),
        credentials.password,
      );
      if (!account?.passwordHash || !isPasswordRight) {
        await Promise.all([
          deps.failuresByIp.recordFailure(client.ip),
          deps.failuresByAccount.recordFailure(accountKey),
        ]);
        return refuseSignIn(
          new AppError(ErrorCode.INVALID_CREDENTIALS),
          credentials.email,
          client,
          account?.id,
        );
      }
      try {
        assertCanSignIn(account);
      } catch (refusal) {
        return refuseSignIn(refusal, credentials.email, client, account.id);
      }
      await deps.failuresByAccount.reset(accountKey);
      return repository.transaction((repo) => issueTokens(account, randomUUID(), client, 'sign-in', repo));
    },

    /**
     * Rotates a refresh token: the presented one is revoked and a successor joins its family. A token
     * that was already revoked means it leaked or was replayed, so the whole family dies.
     */
    async refresh(input: { login: string; refreshToken: string }, client: ClientInfo): Promise<TokenPair> {
      const stored = await repository.findRefreshToken(hashToken(input.refreshToken));
      if (!stored) throw new AppError(ErrorCode.INVALID_REFRESH_TOKEN);
      const isReplayed = stored.revokedAt !== null;
      const isAccountBlocked =
        stored.account.deletedAt !== null ||
        stored.account.confirmedAt === null ||
        isClientWithoutMembership(stored.account);
      if (isReplayed || isAccountBlocked) {
        await repository.revokeFamily(stored.familyId);
        throw new AppError(ErrorCode.INVALID_REFRESH_TOKEN);
      }
      const isExpired = stored.expiresAt.getTime() <= Date.now();
      if (isExpired || stored.account.email.toLowerCase() !== input.login.toLowerCase()) {
        throw new AppError(ErrorCode.INVALID_REFRESH_TOKEN);
      }
      // Revoking and issuing commit together; a request that loses the race to revoke is a replay.
      const pair = await repository.transaction(async (repo) =>
        (await repo.revokeToken(stored.id))
          ? issueTokens(stored.account, stored.familyId, client, 'refresh', repo)
          : undefined,
      );
      if (!pair) {
        await repository.revokeFamily(stored.familyId);
        throw new AppError(ErrorCode.INVALID_REFRESH_TOKEN);
      }
      return pair;
    },

    /** Ends the session the refresh token belongs to; unknown tokens are ignored (logout is idempotent). */
    async signOut(refreshToken: string, client: ClientInfo): Promise<void> {
      const stored = await repository.findRefreshToken(hashToken(refreshToken));
      if (!stored) return;
      await repository.transaction(async (repo) => {
        await repo.revokeFamily(stored.familyId);
        await repo.insertAccessLog(accessLogEntry('sign-out', client, { userId: stored.account.id }));
      });
    },

    /** Resolves an access token to its live account and session, or throws 401. */
    async authenticate(accessToken: string): Promise<{ account: Account; sessionId: string }> {
      const claims = await accessTokens.verify(accessToken);
      const key = `${claims.userId}:${claims.sessionId}`;
      let account = liveSessions.recall(key);
      if (!account) {
        const readAt = liveSessions.generation();
        account = await repository.findSessionAccount(claims.userId, claims.sessionId);
        if (!account) throw new AppError(ErrorCode.UNAUTHENTICATED);
        liveSessions.remember(key, account, readAt);
      }
      return { account, sessionId: claims.sessionId };
    },

    /** Called before any state-changing request answers: sessions are checked again from then on. */
    forgetCheckedSessions: () => liveSessions.forgetAll(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
