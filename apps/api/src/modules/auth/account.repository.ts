import { PROFILE_USER } from '@scentia/shared/constants';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
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

/** A mail link to store: its person, its kind, the kinds it replaces, its token's hash and end. */
export type LinkToStore = {
  userId: number;
  kind: TemporaryRequestKind;
  supersedes: TemporaryRequestKind[];
  tokenHash: string;
  expiresAt: Date;
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

  /**
   * The people of `ids`, locked until the transaction ends (in id order, so two chunks never wait on
   * each other's): a chunk sent twice at once runs once, then again knowing what the first did.
   */
  lockPeople(ids: number[]): Promise<Person[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select(personColumns)
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
      .for('update');
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

  /**
   * Stores new link tokens; earlier unused links of the same kinds for each person stop working. Many
   * people at once (a bulk action's chunk): one delete per set of kinds replaced, one insert. Each
   * person appears once.
   */
  async replaceTemporaryRequests(links: LinkToStore[]): Promise<void> {
    if (links.length === 0) return;
    const bySupersedes = new Map<string, { kinds: TemporaryRequestKind[]; userIds: number[] }>();
    for (const link of links) {
      const key = [...link.supersedes].sort().join(',');
      const group = bySupersedes.get(key) ?? { kinds: link.supersedes, userIds: [] };
      group.userIds.push(link.userId);
      bySupersedes.set(key, group);
    }
    for (const { kinds, userIds } of bySupersedes.values()) {
      await this.db
        .delete(temporaryRequests)
        .where(
          and(
            inArray(temporaryRequests.userId, userIds),
            inArray(temporaryRequests.kind, kinds),
            isNull(temporaryRequests.usedAt),
          ),
        );
    }
    await this.db.insert(temporaryRequests).values(
      links.map((link) => ({
        userId: link.userId,
        kind: link.kind,
        tokenHash: link.tokenHash,
        expiresAt: link.expiresAt,
      })),
    );
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
