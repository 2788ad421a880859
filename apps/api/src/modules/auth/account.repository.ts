import { PROFILE_USER } from '@scentia/shared/constants';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  organizationMembers,
  profiles,
  refreshTokens,
  type TemporaryRequestKind,
  temporaryRequests,
  users,
} from '../../db/schema/index.ts';

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
  passwordHash: users.passwordHash,
  confirmedAt: users.confirmedAt,
  deletedAt: users.deletedAt,
  anonymizedAt: users.anonymizedAt,
};

export type Person = {
  id: number;
  name: string;
  email: string;
  language: string;
  passwordHash: string | null;
  confirmedAt: Date | null;
  deletedAt: Date | null;
  anonymizedAt: Date | null;
};

/** SQL for the account lifecycle: sign-up, mail-link requests, password changes. */
export class AccountRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: AccountRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AccountRepository(tx as unknown as Database)));
  }

  async findPersonByEmail(email: string): Promise<Person | undefined> {
    const [row] = await this.db
      .select(personColumns)
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  async findPersonById(id: number): Promise<Person | undefined> {
    const [row] = await this.db.select(personColumns).from(users).where(eq(users.id, id));
    return row;
  }

  /** Creates a USER-profile account; undefined when the e-mail is already taken. */
  async insertAppUser(input: { name: string; email: string; passwordHash: string; language: string }) {
    const [profile] = await this.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`upper(${profiles.name}) = ${PROFILE_USER}`);
    if (!profile) throw new Error('The USER profile is missing');
    const [row] = await this.db
      .insert(users)
      .values({ ...input, profileId: profile.id, termsAcceptedAt: new Date(), country: null })
      .onConflictDoNothing()
      .returning(personColumns);
    return row;
  }

  /** Stores a new link token; earlier unused links of the same kinds for this person stop working. */
  async replaceTemporaryRequest(input: {
    userId: number;
    kind: TemporaryRequestKind;
    supersedes: TemporaryRequestKind[];
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .delete(temporaryRequests)
      .where(
        and(
          eq(temporaryRequests.userId, input.userId),
          inArray(temporaryRequests.kind, input.supersedes),
          isNull(temporaryRequests.usedAt),
        ),
      );
    await this.db.insert(temporaryRequests).values({
      userId: input.userId,
      kind: input.kind,
      tokenHash: input.tokenHash,
      expiresAt: input.expiresAt,
    });
  }

  async findTemporaryRequest(tokenHash: string) {
    const [row] = await this.db
      .select({
        id: temporaryRequests.id,
        kind: temporaryRequests.kind,
        expiresAt: temporaryRequests.expiresAt,
        usedAt: temporaryRequests.usedAt,
        person: personColumns,
      })
      .from(temporaryRequests)
      .innerJoin(users, eq(temporaryRequests.userId, users.id))
      .where(eq(temporaryRequests.tokenHash, tokenHash));
    return row;
  }

  /** Marks a link used; false when it was used or expired meanwhile (single use under concurrency). */
  async consumeTemporaryRequest(id: number): Promise<boolean> {
    const rows = await this.db
      .update(temporaryRequests)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(temporaryRequests.id, id),
          isNull(temporaryRequests.usedAt),
          sql`${temporaryRequests.expiresAt} > now()`,
        ),
      )
      .returning({ id: temporaryRequests.id });
    return rows.length === 1;
  }

  async updatePerson(id: number, changes: { passwordHash?: string; confirmedAt?: Date }): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /** Accepts the person's pending organisation membership, if they have one (an invitation's link used). */
  async acceptPendingMembership(userId: number): Promise<void> {
    await this.db
      .update(organizationMembers)
      .set({ acceptedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(organizationMembers.userId, userId), isNull(organizationMembers.acceptedAt)));
  }

  /** Ends every session of a person, or every one but `keepSessionId`. */
  async revokeSessions(userId: number, keepSessionId?: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepSessionId ? ne(refreshTokens.familyId, keepSessionId) : undefined,
        ),
      );
  }
}
