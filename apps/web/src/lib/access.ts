import { type Access, mayPass, type Role, roleOf } from '@scentia/shared/access.rules';
import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { useSession } from './use-session.ts';

/** The role of the signed-in person, as the server tells it apart (packages/shared access.rules.ts). */
export function roleOfUser(user: Pick<CurrentUser, 'profile' | 'membership'> | null): Role {
  return roleOf(user && { profileName: user.profile.nome, membership: user.membership });
}

/**
 * Whether the signed-in person passes a door of the shared role table: the screens offer an action
 * only then, as the server refuses it otherwise (docs/decisions/client-access.md).
 */
export function useMayPass(): (access: Access) => boolean {
  const role = roleOfUser(useSession().user);
  return (access) => mayPass(access, role);
}
