import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AccessScope } from '../access-scope.ts';

/** A member's scope: one organisation, maybe some of its locations only. */
export type MemberScope = Extract<AccessScope, { kind: 'member' }>;

/**
 * How a resource narrows its rows to a member's scope (its "scope columns"), declared once with its
 * list; the kit applies it to the list, its total, the export, get by id and the typeahead.
 */
export type ScopeNarrowing = (member: MemberScope) => SQL;

/** Matches nothing: a member limited to no location, or a resource that declares no narrowing. */
const NOTHING = sql`false`;

/**
 * The condition a caller's rows must meet: none for staff; the resource's narrowing for a member, or
 * nothing at all when the resource declares none (a resource opened to members without saying how it
 * belongs to an organisation shows them no row rather than every row).
 */
export function scopeCondition(scope: AccessScope | undefined, narrowing?: ScopeNarrowing): SQL | undefined {
  if (!scope || scope.kind === 'staff') return undefined;
  return narrowing ? narrowing(scope) : NOTHING;
}

/** `column` is one of the member's locations, when the membership is limited to some. */
export function inMemberLocations(column: AnyColumn | SQL, member: MemberScope): SQL | undefined {
  const { locationIds } = member;
  if (locationIds === null) return undefined;
  return locationIds.length === 0 ? NOTHING : inArray(column as AnyColumn, locationIds);
}

/**
 * The usual narrowing: the row's organisation is the member's and, for a member limited to some
 * locations, its location is one of them (each column indexed first in its table).
 */
export function byOrganizationAndLocation(organization: AnyColumn, location: AnyColumn): ScopeNarrowing {
  return (member) => and(eq(organization, member.organizationId), inMemberLocations(location, member)) as SQL;
}
