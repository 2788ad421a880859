import type { MemberRole } from '@scentia/shared/members.rules';
import { PROFILE_CLIENT } from '@scentia/shared/members.rules';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  locations,
  organizationMembers,
  organizations,
  profiles,
  refreshTokens,
  temporaryRequests,
  users,
} from '../../db/schema/index.ts';

const memberColumns = {
  id: organizationMembers.id,
  organizationId: organizationMembers.organizationId,
  userId: organizationMembers.userId,
  name: users.name,
  email: users.email,
  role: organizationMembers.role,
  locationIds: organizationMembers.locationIds,
  acceptedAt: organizationMembers.acceptedAt,
  createdAt: organizationMembers.createdAt,
};

export type MemberRecord = {
  id: number;
  organizationId: number;
  userId: number;
  name: string;
  email: string;
  role: MemberRole;
  locationIds: number[] | null;
  acceptedAt: Date | null;
  createdAt: Date;
};

/** The members list's sorts, by the name the web client sends. */
const SORTS: Record<string, SQL | typeof users.name> = {
  nome: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  role: sql`${organizationMembers.role}`,
  createdAt: sql`${organizationMembers.createdAt}`,
};

export type MembersListPlan = {
  organizationId: number;
  search?: string;
  orderBy?: string;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
};

/** SQL of organisation memberships and invitations. */
export class OrganizationMembersRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: OrganizationMembersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new OrganizationMembersRepository(tx as unknown as Database)));
  }

  /** True when `orderBy` names a sort of the list. */
  static isSortable(orderBy: string): boolean {
    return Object.hasOwn(SORTS, orderBy);
  }

  async findOrganization(id: number) {
    const [row] = await this.db
      .select({ id: organizations.id, name: organizations.name, deletedAt: organizations.deletedAt })
      .from(organizations)
      .where(eq(organizations.id, id));
    return row;
  }

  /** One page of an organisation's members (invitations pending included) and their count. */
  async list(plan: MembersListPlan): Promise<{ records: MemberRecord[]; total: number }> {
    const words = (plan.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const where = and(
      eq(organizationMembers.organizationId, plan.organizationId),
      ...words.map(
        (word) =>
          sql`(strpos(lower(${users.name}), ${word}) > 0 or strpos(lower(${users.email}), ${word}) > 0)`,
      ),
    );
    const sort = SORTS[plan.orderBy ?? 'createdAt'] ?? SORTS.createdAt;
    const order = plan.direction === 'asc' ? asc : desc;
    const records = await this.db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(where)
      .orderBy(order(sort as SQL), order(organizationMembers.id))
      .limit(plan.perPage)
      .offset((plan.page - 1) * plan.perPage);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(where);
    return { records: records as MemberRecord[], total: count?.total ?? 0 };
  }

  async findMember(organizationId: number, memberId: number): Promise<MemberRecord | undefined> {
    const [row] = await this.db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(eq(organizationMembers.id, memberId), eq(organizationMembers.organizationId, organizationId)),
      );
    return row as MemberRecord | undefined;
  }

  /** The account an e-mail belongs to, with its profile and membership, whatever its state. */
  async findAccountByEmail(email: string) {
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        language: users.language,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        deletedAt: users.deletedAt,
        profileName: profiles.name,
        memberId: organizationMembers.id,
        memberOrganizationId: organizationMembers.organizationId,
        memberAcceptedAt: organizationMembers.acceptedAt,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  /** Of `ids`, those that are active locations of the organisation. */
  async activeLocationIds(organizationId: number, ids: number[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.organizationId, organizationId),
          inArray(locations.id, ids),
          isNull(locations.deletedAt),
        ),
      );
    return rows.map((row) => row.id);
  }

  /** A new, unconfirmed CLIENT account without a password; undefined when the e-mail was taken meanwhile. */
  async insertClientAccount(input: { name: string; email: string; language: string }) {
    const [profile] = await this.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(sql`upper(${profiles.name}) = ${PROFILE_CLIENT}`);
    if (!profile) throw new Error('The CLIENT profile is missing');
    const [row] = await this.db
      .insert(users)
      .values({ ...input, profileId: profile.id, country: null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return row?.id;
  }

  async insertMember(values: {
    organizationId: number;
    userId: number;
    role: MemberRole;
    locationIds: number[] | null;
    invitedById: number;
  }): Promise<number> {
    const [row] = await this.db
      .insert(organizationMembers)
      .values(values)
      .returning({ id: organizationMembers.id });
    if (!row) throw new Error('Membership not created');
    return row.id;
  }

  async updateMember(
    id: number,
    values: { role: MemberRole; locationIds: number[] | null; invitedById?: number },
  ): Promise<void> {
    await this.db
      .update(organizationMembers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(organizationMembers.id, id));
  }

  async deleteMember(id: number): Promise<void> {
    await this.db.delete(organizationMembers).where(eq(organizationMembers.id, id));
  }

  /**
   * The accepted Managers of the organisation other than `memberId`, their rows locked until the
   * transaction ends: two Managers demoting each other at once cannot both pass the last-Manager rule.
   */
  async lockOtherManagers(organizationId: number, memberId: number): Promise<number> {
    const rows = await this.db
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, organizationId),
          eq(organizationMembers.role, 'manager'),
          ne(organizationMembers.id, memberId),
          sql`${organizationMembers.acceptedAt} is not null`,
        ),
      )
      .for('update');
    return rows.length;
  }

  /** Ends every session of the account and voids its unused invitation links. */
  async revokeAccess(userId: number): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    await this.db
      .delete(temporaryRequests)
      .where(
        and(
          eq(temporaryRequests.userId, userId),
          inArray(temporaryRequests.kind, ['activation', 'registration']),
          isNull(temporaryRequests.usedAt),
        ),
      );
  }
}
