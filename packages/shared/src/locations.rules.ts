import { ErrorCode } from './error-codes.ts';

/**
 * What only the staff change on a location (the door `FLEET_DOORS.locations.staffOnlyFields`): which
 * organisation it belongs to, its name and its time zone, which the contract, the reports and the
 * schedules read. A Manager's update changes its address and note (a change to one of these is a 400
 * `field.staffOnly` on the field); the form shows them read-only to a Manager.
 */
export const LOCATION_STAFF_ONLY_FIELDS = ['organizationId', 'name', 'timeZone'] as const;
export type LocationStaffOnlyField = (typeof LOCATION_STAFF_ONLY_FIELDS)[number];

export type LocationAction = 'toggle' | 'delete' | 'edit';

const LOCATION_ACTIONS: readonly LocationAction[] = ['toggle', 'delete', 'edit'];

/** `isOrganizationActive`: a location of an inactive organisation is not reactivated. */
export type LocationState = { isActive: boolean; isOrganizationActive: boolean };

/**
 * Why `action` is refused on a location, or undefined when it is allowed (409 on the API; the list
 * hides what would be refused).
 * - Edit only while active.
 * - Toggle: an active location is deactivated; an inactive one is reactivated only while its
 *   organisation is active.
 * - Permanent delete only for an inactive location (devices will keep it when they refer to it).
 */
export function locationActionRefusal(
  location: LocationState,
  action: LocationAction,
): ErrorCode | undefined {
  switch (action) {
    case 'edit':
      return location.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'toggle':
      return location.isActive || location.isOrganizationActive ? undefined : ErrorCode.ORGANIZATION_INACTIVE;
    case 'delete':
      return location.isActive ? ErrorCode.RECORD_ACTIVE : undefined;
  }
}

/** The actions a location row offers, in the order they are shown. */
export function locationRowActions(location: LocationState): LocationAction[] {
  return LOCATION_ACTIONS.filter((action) => locationActionRefusal(location, action) === undefined);
}
