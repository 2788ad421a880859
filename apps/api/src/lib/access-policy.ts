import { type Access, mayPass, type Role, roleOf as sharedRoleOf } from '@scentia/shared/access.rules';
import { ErrorCode } from '@scentia/shared/error-codes';
import { mayAssignProfile, type UserAction, userActionRefusal } from '@scentia/shared/users.rules';
import { isAdminProfile } from '@scentia/shared/validators';
import type { Account } from './account.ts';
import { AppError } from './app-error.ts';

/**
 * Who may do what: the one place the API decides it. Two levels, as in immich's `requireAccess`:
 * - at a route's door, by its declared `config.access` (plugins/auth.ts asks `routeRefusal`), before
 *   anything is parsed or read;
 * - on one record, by a named permission (`requireAccess` in services), where the answer depends on
 *   the record — the row rules shared with the web client (packages/shared/src/*.rules.ts).
 * The role matrix test reads `routeRefusal` from here and `ROLES` from the shared role table.
 */

/**
 * The roles and the doors are the role table of packages/shared (`access.rules.ts`), which the web
 * client reads too; `config.access` names a door, and `routeRefusal` says why a role is turned away.
 */
/** The role of a signed-in account (null: nobody). */
export function roleOf(account: Pick<Account, 'profileName' | 'membership'> | null): Role {
  return sharedRoleOf(account);
}

/** Why `role` is turned away at a route with `access`, or undefined when it may call it. */
export function routeRefusal(access: Access, role: Role): ErrorCode | undefined {
  if (mayPass(access, role)) return undefined;
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

/** Why `actor` may not do this to `target` (the code `requireAccess` throws), or undefined. */
export function accessRefusal<P extends Permission>(
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
  return accessRefusal(actor, permission, target as Permissions[P]) === undefined;
}

/** Throws the refusal (403 or 409, with its code) when `actor` may not do this to `target`. */
export function requireAccess<P extends Permission>(
  actor: Account,
  permission: P,
  ...[target]: TargetOf<P>
): void {
  const code = accessRefusal(actor, permission, target as Permissions[P]);
  if (code) throw new AppError(code);
}
