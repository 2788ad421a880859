import { and, eq, type SQL, sql } from 'drizzle-orm';
import { initiativeLocations, initiatives } from '../../db/schema/index.ts';
import { type AccessScope, STAFF_NAME_FOR_MEMBERS } from '../../lib/access-scope.ts';

/** Integers as a PostgreSQL array literal (`{1,2}`), for `= any(…)`: a bound text, never spliced SQL. */
const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The initiatives a scope reaches: staff every one; a member those of their organisation, and when the
 * membership is limited to some locations, those playing at one of them at least.
 */
export function initiativeScopeCondition(scope: AccessScope): SQL | undefined {
  if (scope.kind === 'staff') return undefined;
  return and(
    eq(initiatives.organizationId, scope.organizationId),
    scope.locationIds === null
      ? undefined
      : sql`exists (select 1 from ${initiativeLocations} where ${initiativeLocations.initiativeId} = ${initiatives.id} and ${initiativeLocations.locationId} = any(${intArray(scope.locationIds)}::int[]))`,
  );
}

/** Whether an initiative of `organizationId` at `locationIds` is within the scope (else: 404). */
export function isInitiativeInScope(
  scope: AccessScope,
  initiative: { organizationId: number; locationIds: number[] },
): boolean {
  if (scope.kind === 'staff') return true;
  if (initiative.organizationId !== scope.organizationId) return false;
  const allowed = scope.locationIds;
  return allowed === null || initiative.locationIds.some((id) => allowed.includes(id));
}

/**
 * Whether the member may change the initiative's locations: a location-limited Manager only when every
 * location of it is theirs (an edit replaces the locations, and they cannot see the others).
 */
export function coversEveryLocation(scope: AccessScope, locationIds: number[]): boolean {
  if (scope.kind === 'staff' || scope.locationIds === null) return true;
  const allowed = scope.locationIds;
  return locationIds.every((id) => allowed.includes(id));
}

/** The locations a member may see of a list; every one for staff and unlimited members. */
export function visibleLocations<Location extends { locationId: number }>(
  scope: AccessScope,
  locations: Location[],
): Location[] {
  if (scope.kind === 'staff' || scope.locationIds === null) return locations;
  const allowed = scope.locationIds;
  return locations.filter((location) => allowed.includes(location.locationId));
}

/**
 * A person as a member may see them: a member of the initiative's organisation by name, anyone else
 * (staff) as "Scentia", without id or e-mail. Staff see everyone as they are.
 */
export function actorFor<Actor extends { id: number; name: string }>(
  scope: AccessScope,
  actor: Actor | null,
  isMemberOfOrganization: boolean,
): { id: number | null; name: string } | null {
  if (actor === null) return null;
  if (scope.kind === 'staff' || isMemberOfOrganization) return { id: actor.id, name: actor.name };
  return { id: null, name: STAFF_NAME_FOR_MEMBERS };
}
