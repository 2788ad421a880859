/**
 * Client access (docs/decisions/client-access.md): the roles a member of an organisation may hold.
 * A Manager runs the organisation's sites and members; a Viewer reads the same. Both server and web
 * client read these names from here.
 */
export const MEMBER_ROLES = ['manager', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The profile of client accounts: what they may open depends on their membership, not the profile. */
export const PROFILE_CLIENT = 'CLIENT';

/** A Manager manages the members of their organisation; a Viewer reads only. */
export function canManageMembers(role: MemberRole): boolean {
  return role === 'manager';
}
