import { ErrorCode } from '@scentia/shared/error-codes';
import type { MemberRole } from '@scentia/shared/members.rules';
import { isClientProfile } from '@scentia/shared/validators';
import type { FastifyRequest } from 'fastify';
import type { Account } from './account.ts';
import { AppError } from './app-error.ts';

/**
 * What a signed-in caller may see (docs/decisions/client-access.md): staff see everything; a member sees
 * one organisation, or only some of its locations. Services narrow every query a member's request makes
 * by it, and PostgreSQL's row-level security narrows them again by the same values.
 */
export type AccessScope =
  | { kind: 'staff' }
  | {
      kind: 'member';
      organizationId: number;
      role: MemberRole;
      /** The locations the member is limited to; null for every location of the organisation. */
      locationIds: number[] | null;
    };

/** How staff are named to a member: no staff name or e-mail reaches a client (issue 39). */
export const STAFF_NAME_FOR_MEMBERS = 'Scentia';

export const STAFF_SCOPE: AccessScope = { kind: 'staff' };

/**
 * The scope of an account the access policy let in: a CLIENT account's membership, or the staff's. (A
 * CLIENT account without a live membership never gets this far: its role is no one's.)
 */
export function scopeOf(account: Pick<Account, 'profileName' | 'membership'>): AccessScope {
  const { membership } = account;
  if (!membership || !isClientProfile(account.profileName)) return STAFF_SCOPE;
  const { organizationId, role, locationIds } = membership;
  return { kind: 'member', organizationId, role, locationIds };
}

/**
 * What the signed-in caller of a guarded route may see: everything for staff, one organisation (or some
 * of its locations) for members. Guarded routes never reach their handler without an account.
 */
export function currentScope(request: FastifyRequest): AccessScope {
  if (!request.account) throw new AppError(ErrorCode.UNAUTHENTICATED);
  return scopeOf(request.account);
}
