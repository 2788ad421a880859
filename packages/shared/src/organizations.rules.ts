import { ErrorCode } from './error-codes.ts';

export type OrganizationAction = 'toggle' | 'delete' | 'edit';

const ORGANIZATION_ACTIONS: readonly OrganizationAction[] = ['toggle', 'delete', 'edit'];

export type OrganizationState = { isActive: boolean; activeLocationCount: number; locationCount: number };

/**
 * Why `action` is refused on an organisation, or undefined when it is allowed. The API answers this
 * code (409); the list hides what would be refused.
 * - Edit only while active.
 * - Toggle: an inactive organisation is reactivated; an active one with active locations stays active
 *   (the 409 names them).
 * - Permanent delete only for an inactive organisation without locations (devices will refer to it too).
 */
export function organizationActionRefusal(
  organization: OrganizationState,
  action: OrganizationAction,
): ErrorCode | undefined {
  switch (action) {
    case 'edit':
      return organization.isActive ? undefined : ErrorCode.RECORD_INACTIVE;
    case 'toggle':
      return organization.isActive && organization.activeLocationCount > 0
        ? ErrorCode.ORGANIZATION_HAS_LOCATIONS
        : undefined;
    case 'delete':
      if (organization.isActive) return ErrorCode.RECORD_ACTIVE;
      return organization.locationCount > 0 ? ErrorCode.ORGANIZATION_HAS_LOCATIONS : undefined;
  }
}

/** The actions an organisation row offers, in the order they are shown. */
export function organizationRowActions(organization: OrganizationState): OrganizationAction[] {
  return ORGANIZATION_ACTIONS.filter(
    (action) => organizationActionRefusal(organization, action) === undefined,
  );
}
