import { ErrorCode } from './error-codes.ts';
import { isAdminProfile } from './validators.ts';

export type UserAction = 'resend' | 'delete' | 'toggle' | 'edit';

/** In the order the list shows them. */
const USER_ACTIONS: readonly UserAction[] = ['resend', 'delete', 'toggle', 'edit'];

export type UserViewer = { id: number; profileName: string };
export type UserRecordState = { id: number; isConfirmed: boolean; isAnonymised: boolean };

/**
 * Why `viewer` may not take `action` on a user (spec §4 "User row actions", §6), or undefined when
 * they may. The API refuses with this code; the list hides what would be refused.
 * - Only an admin toggles users: confirmed ones only, never themselves.
 * - Only an admin deletes users, and only unconfirmed ones (confirmed ones are deactivated instead).
 * - The confirmation mail is resent only to unconfirmed users, by anyone.
 * - A non-admin edits only their own record.
 * - An anonymised account is never edited, toggled or mailed again: its personal data is gone for
 *   good (LGPD art. 18, VI), and it must stay inactive. Deleting it follows the rule above.
 */
export function userActionRefusal(
  viewer: UserViewer,
  user: UserRecordState,
  action: UserAction,
): ErrorCode | undefined {
  const isAdmin = isAdminProfile(viewer.profileName);
  switch (action) {
    case 'toggle':
      if (!isAdmin) return ErrorCode.ADMIN_ONLY;
      if (user.isAnonymised) return ErrorCode.ACCOUNT_ANONYMISED;
      if (!user.isConfirmed) return ErrorCode.USER_UNCONFIRMED;
      return user.id === viewer.id ? ErrorCode.SELF_DEACTIVATION : undefined;
    case 'delete':
      if (!isAdmin) return ErrorCode.ADMIN_ONLY;
      return user.isConfirmed ? ErrorCode.USER_CONFIRMED : undefined;
    case 'resend':
      if (user.isAnonymised) return ErrorCode.ACCOUNT_ANONYMISED;
      return user.isConfirmed ? ErrorCode.ALREADY_CONFIRMED : undefined;
    case 'edit':
      if (!isAdmin && user.id !== viewer.id) return ErrorCode.OWN_RECORD_ONLY;
      return user.isAnonymised ? ErrorCode.ACCOUNT_ANONYMISED : undefined;
  }
}

/** The actions a user row offers to `viewer`: those the API would not refuse. */
export function userRowActions(viewer: UserViewer, user: UserRecordState): UserAction[] {
  return USER_ACTIONS.filter((action) => userActionRefusal(viewer, user, action) === undefined);
}

/**
 * Which profiles a person may give in the user form: an admin any, anyone else only their own
 * (spec §6: the profile dropdown is then locked on it).
 */
export function mayAssignProfile(viewer: UserViewer & { profileId: number }, profileId: number): boolean {
  return isAdminProfile(viewer.profileName) || viewer.profileId === profileId;
}
