import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type AccessLogEvent,
  accessLog,
  accountActivity,
  organizationMembers,
  organizations,
  profiles,
  refreshTokens,
  users,
} from '../../db/schema/index.ts';
import type { Account, Membership } from '../../lib/account.ts';

/** The fields of an account that sign-in and session checks need. */
const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  confirmedAt: users.confirmedAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
  language: users.language,
  profileId: profiles.id,
  profileName: profiles.name,
  // Only an accepted membership of an active organisation opens anything (lib/access-scope.ts).
  membership: sql<Membership | null>`(
    select json_build_object('organizationId', m.organization_id, 'organizationName', o.name, 'role', m.role,
      'locationIds', m.location_ids)
    from ${organizationMembers} m join ${organizations} o on o.id = m.organization_id
    where m.user_id = ${users.id} and m.accepted_at is not null and o.deleted_at is null)`,
};

/** SQL for sign-in, sessions and refresh tokens. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findAccountByEmail(email: string): Promise<Account | undefined> {
    const [row] = await this.db
      .select(accountColumns)
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  /** An active account by its id (who queued a job that runs later, outside any request). */
  async findActiveAccount(id: number): Promise<Account | undefined> {
    const [row] = await this.db
      .select(accountColumns)
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    return row;
  }

  /**
   * The account behind an access token, only while that session is alive: the account active and
   * confirmed, and its refresh-token family still holding an unrevoked, unexpired token.
   */
  async findSessionAccount(userId: number, sessionId: string): Promise<Account | undefined> {
    this.sessionAccountQuery ??= this.prepareSessionAccountQuery();
    const [row] = await this.sessionAccountQuery.execute({ userId, sessionId });
    return row;
  }

  // Runs on every authenticated request, so it is built once and reused with new values.
  private sessionAccountQuery: ReturnType<AuthRepository['prepareSessionAccountQuery']> | undefined;

  private prepareSessionAccountQuery() {
    return this.db
      .select(accountColumns)
      .from(users)
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          isNull(users.deletedAt),
          sql`${users.confirmedAt} is not null`,
          sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}
            and ${refreshTokens}.user_id = ${users}.id and ${refreshTokens.revokedAt} is null
            and ${refreshTokens.expiresAt} > now())`,
        ),
      )
      .prepare('session_account');
  }

  async insertRefreshToken(token: {
    userId: number;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  }): Promise<void> {
    await this.db.insert(refreshTokens).values(token);
  }

  /** One insert: an access-log record must never slow sign-in noticeably. */
  async insertAccessLog(entry: {
    event: AccessLogEvent;
    userId?: number;
    email?: string;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.insert(accessLog).values(entry);
  }

  /** Notes that the account was just used; the personal-data retention counts from it. */
  async recordActivity(userId: number): Promise<void> {
    await this.db
      .insert(accountActivity)
      .values({ userId, lastActiveAt: sql`now()` })
      .onConflictDoUpdate({ target: accountActivity.userId, set: { lastActiveAt: sql`now()` } });
  }

  async findRefreshToken(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: refreshTokens.revokedAt,
        account: accountColumns,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(refreshTokens.userId, users.id))
      .innerJoin(profiles, eq(users.profileId, profiles.id))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Revokes one token; false when another request revoked it first (the caller lost a race). */
  async revokeToken(id: number): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthRepository(tx as unknown as Database)));
  }
}
