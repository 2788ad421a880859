import { PROFILE_ADMIN } from '@scentia/shared/constants';
import type { InitiativeStatus } from '@scentia/shared/initiatives.rules';
import { type AnyColumn, and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campaigns,
  initiativeStatusChanges,
  locations,
  organizationMembers,
  organizations,
  profiles,
  users,
} from '../../db/schema/index.ts';
import type { AccessScope } from '../../lib/access-scope.ts';
import { containsPattern } from '../../lib/search-text.ts';

/** The most options a typeahead answers (spec §5: up to 10 a search). */
const OPTIONS_LIMIT = 10;

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

const matches = (column: AnyColumn, text: string) =>
  text ? sql`${column} like ${containsPattern(text)}` : undefined;

/**
 * What the initiative form and the review mails look up beside the initiative itself: the campaigns
 * and locations a proposal may name (members cannot open the catalogue's or the locations' own
 * typeaheads for staff), and the people a review or a change is told to.
 */
export class InitiativeLookups {
  constructor(private readonly db: Database) {}

  /** Up to 10 active campaigns whose name contains `text`, by name: anyone may propose any of them. */
  campaignOptions(text: string) {
    return this.db
      .select({ campaignId: campaigns.id, name: campaigns.name })
      .from(campaigns)
      .where(and(isNull(campaigns.deletedAt), matches(campaigns.searchText, text)))
      .orderBy(campaigns.searchText, campaigns.id)
      .limit(OPTIONS_LIMIT);
  }

  /**
   * Up to 10 active locations whose name contains `text`, of `organizationId` when given, and only the
   * scope's: a member's organisation (and their locations, when the membership is limited).
   */
  locationOptions(scope: AccessScope, text: string, organizationId?: number) {
    return this.db
      .select({ locationId: locations.id, name: locations.name, organizationId: locations.organizationId })
      .from(locations)
      .where(
        and(
          isNull(locations.deletedAt),
          organizationId === undefined ? undefined : eq(locations.organizationId, organizationId),
          scope.kind === 'member' ? eq(locations.organizationId, scope.organizationId) : undefined,
          scope.kind === 'member' && scope.locationIds !== null
            ? sql`${locations.id} = any(${intArray(scope.locationIds)}::int[])`
            : undefined,
          matches(locations.searchText, text),
        ),
      )
      .orderBy(asc(locations.searchText), asc(locations.id))
      .limit(OPTIONS_LIMIT);
  }

  /** An account's address, name and language, and the organisation it is a member of (null: staff). */
  async person(userId: number) {
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        language: users.language,
        organizationId: organizationMembers.organizationId,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(eq(users.id, userId));
    return row && row.deletedAt === null ? row : undefined;
  }

  /** Who last moved the initiative to `status` (the reviewer who asked for changes), if anyone. */
  async lastChangedTo(initiativeId: number, status: InitiativeStatus): Promise<number | undefined> {
    const [row] = await this.db
      .select({ changedBy: initiativeStatusChanges.changedBy })
      .from(initiativeStatusChanges)
      .where(
        and(
          eq(initiativeStatusChanges.initiativeId, initiativeId),
          eq(initiativeStatusChanges.toStatus, status),
        ),
      )
      .orderBy(desc(initiativeStatusChanges.id))
      .limit(1);
    return row?.changedBy ?? undefined;
  }

  /**
   * Who reviews a client's proposal (the initiatives' review door is the admins'): every active,
   * confirmed ADMIN account, with its address, name and language.
   */
  reviewers() {
    return this.db
      .select({ id: users.id, email: users.email, name: users.name, language: users.language })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(
        and(
          sql`upper(${profiles.name}) = ${PROFILE_ADMIN}`,
          isNull(users.deletedAt),
          isNull(users.anonymizedAt),
          isNotNull(users.confirmedAt),
        ),
      )
      .orderBy(asc(users.id));
  }

  /** An organisation's name (as its members' transaction sees it: their own). */
  async organizationName(organizationId: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row?.name;
  }
}
