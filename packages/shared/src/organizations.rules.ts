import { ErrorCode } from './error-codes.ts';
import { heldBy, type RecordAction, recordRule } from './record.rules.ts';

export type OrganizationAction = RecordAction;

export type OrganizationState = { isActive: boolean; activeLocationCount: number; locationCount: number };

/**
 * An organisation's row rule (`recordRule`: edit only while active, delete for good only once inactive).
 * The API answers its refusal (409); the list hides what would be refused.
 * - Toggle: an inactive organisation is reactivated; an active one with active locations stays active
 *   (the 409 names them).
 * - Permanent delete only for an inactive organisation without locations (devices will refer to it too).
 */
const organizationRule = recordRule(
  heldBy<OrganizationState>(ErrorCode.ORGANIZATION_HAS_LOCATIONS, {
    keepsActive: (organization) => organization.activeLocationCount > 0,
    keepsRow: (organization) => organization.locationCount > 0,
  }),
);

/** Why `action` is refused on an organisation, or undefined when it is allowed. */
export const organizationActionRefusal = organizationRule.refusal;
/** The actions an organisation row offers, in the order they are shown. */
export const organizationRowActions = organizationRule.rowActions;
