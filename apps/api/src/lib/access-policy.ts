import { ErrorCode } from '@scentia/shared/error-codes';
import { mayAssignProfile, type UserAction, userActionRefusal } from '@scentia/shared/users.rules';
import { isAdminProfile, isClientProfile, isUserProfile } from '@scentia/shared/validators';
import type { Account } from './account.ts';
import { AppError } from './app-error.ts';

/**
 * Who may do what: the one place the API decides it. Two levels, as in immich's `requireAccess`:
 * - at a route's door, by its declared `config.access` (plugins/auth.ts asks `routeRefusal`), before
 *   anything is parsed or read;
 * - on one record, by a named permission (`requireAccess` in services), where the answer depends on
 *   the record — the row rules shared with the web client (packages/shared/src/*.rules.ts).
 * The role matrix test reads `ROLES` and `routeRefusal` from here.
 */

/**
 * The callers the policy tells apart: USER is the app's end user, staff any other profile, device a
 * diffuser presenting its own credential (plugins/device-auth.ts), which no account route takes.
 * `manager` and `viewer` are CLIENT accounts by their organisation membership
 * (docs/decisions/client-access.md); a CLIENT account without a live membership is no one.
 */
export type Role = 'anonymous' | 'user' | 'staff' | 'admin' | 'device' | 'manager' | 'viewer';
export const ROLES: readonly Role[] = ['anonymous', 'user', 'staff', 'admin', 'device', 'manager', 'viewer'];

/**
 * What a route declares in `config.access`; routes that declare nothing are `staff`. `appUser` is the
 * app's own (the USER profile only: pairing a device is not a back-office task); `device` takes a
 * device credential and nothing else.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'appUser'
  | 'staff'
  | 'admin'
  | 'device'
  | 'organization'
  | 'organizationManager';
export const DEFAULT_ACCESS: Access = 'staff';

/**
 * `organization` routes are open to staff and to members, who see only their organisation's rows
 * (lib/access-scope.ts); `organizationManager` routes to staff and the organisation's Managers.
 */
const ROLES_BY_ACCESS: Record<Access, readonly Role[]> = {
  public: ROLES,
  authenticated: ['user', 'staff', 'admin', 'manager', 'viewer'],
  appUser: ['user'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
  device: ['device'],
  organization: ['staff', 'admin', 'manager', 'viewer'],
  organizationManager: ['staff', 'admin', 'manager'],
};

export function roleOf(account: Pick<Account, 'profileName' | 'membership'> | null): Role {
  if (!account) return 'anonymous';
  if (isAdminProfile(account.profileName)) return 'admin';
  if (isClientProfile(account.profileName)) return account.membership?.role ?? 'anonymous';
  return isUserProfile(account.profileName) ? 'user' : 'staff';
}

/** Why `role` is turned away at a route with `access`, or undefined when it may call it. */
export function routeRefusal(access: Access, role: Role): ErrorCode | undefined {
  if (ROLES_BY_ACCESS[access].includes(role)) return undefined;
  // A device route knows no account, and an account route takes a device credential for an unknown token.
  if (access === 'device') return ErrorCode.DEVICE_CREDENTIAL_INVALID;
  if (role === 'anonymous' || role === 'device') return ErrorCode.UNAUTHENTICATED;
  return access === 'admin' ? ErrorCode.ADMIN_ONLY : ErrorCode.FORBIDDEN;
}

type UserTarget = { id: number; confirmedAt: Date | null; anonymizedAt: Date | null };

/** Record-level permissions, each with the record it is decided on. */
type Permissions = {
  [action in UserAction as `users.${action}`]: UserTarget;
} & {
  /** Giving a profile to a user (creating or editing them). */
  'profiles.assign': { profileId: number };
  /** Seeing every profile in the user form's dropdown, not only one's own. */
  'profiles.seeAll': undefined;
};
export type Permission = keyof Permissions;
/** The record a permission is decided on; nothing for those that concern no record. */
type TargetOf<P extends Permission> = Permissions[P] extends undefined ? [] : [target: Permissions[P]];

function refusal<P extends Permission>(
  actor: Account,
  permission: P,
  target: Permissions[P],
): ErrorCode | undefined {
  const viewer = { id: actor.id, profileName: actor.profileName, profileId: actor.profileId };
  if (permission === 'profiles.assign') {
    return mayAssignProfile(viewer, (target as Permissions['profiles.assign']).profileId)
      ? undefined
      : ErrorCode.PROFILE_NOT_ALLOWED;
  }
  if (permission === 'profiles.seeAll')
    return isAdminProfile(actor.profileName) ? undefined : ErrorCode.ADMIN_ONLY;
  const user = target as UserTarget;
  const action = permission.slice('users.'.length) as UserAction;
  const state = {
    id: user.id,
    isConfirmed: user.confirmedAt !== null,
    isAnonymised: user.anonymizedAt !== null,
  };
  return userActionRefusal(viewer, state, action);
}

export function can<P extends Permission>(actor: Account, permission: P, ...[target]: TargetOf<P>): boolean {
  return refusal(actor, permission, target as Permissions[P]) === undefined;
}

/** Throws the refusal (403 or 409, with its code) when `actor` may not do this to `target`. */
export function requireAccess<P extends Permission>(
  actor: Account,
  permission: P,
  ...[target]: TargetOf<P>
): void {
  const code = refusal(actor, permission, target as Permissions[P]);
  if (code) throw new AppError(code);
}
