import { ErrorCode } from './error-codes.ts';
import { type RecordAction, recordRule } from './record.rules.ts';

/**
 * What only the staff change on a location (the door `FLEET_DOORS.locations.staffOnlyFields`): which
 * organisation it belongs to, its name and its time zone, which the contract, the reports and the
 * schedules read. A Manager's update changes its address and note (a change to one of these is a 400
 * `field.staffOnly` on the field); the form shows them read-only to a Manager.
 */
export const LOCATION_STAFF_ONLY_FIELDS = ['organizationId', 'name', 'timeZone'] as const;
export type LocationStaffOnlyField = (typeof LOCATION_STAFF_ONLY_FIELDS)[number];

export type LocationAction = RecordAction;

/** `isOrganizationActive`: a location of an inactive organisation is not reactivated. */
export type LocationState = { isActive: boolean; isOrganizationActive: boolean };

/**
 * A location's row rule (`recordRule`: edit only while active, delete for good only once inactive;
 * devices will keep it when they refer to it). The API answers its refusal (409); the list hides what
 * would be refused.
 * - Toggle: an active location is deactivated; an inactive one is reactivated only while its
 *   organisation is active.
 */
const locationRule = recordRule<LocationState>((location, action) =>
  action === 'toggle' && !location.isActive && !location.isOrganizationActive
    ? ErrorCode.ORGANIZATION_INACTIVE
    : undefined,
);

/** Why `action` is refused on a location, or undefined when it is allowed. */
export const locationActionRefusal = locationRule.refusal;
/** The actions a location row offers, in the order they are shown. */
export const locationRowActions = locationRule.rowActions;
