import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { useMayPass } from '../../lib/access.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * What the signed-in person may do with initiatives, from the shared doors as every screen decides:
 * propose (staff and Managers), review (admins). `organizationId` is a member's organisation (null for
 * staff, who choose one); a member's role and organisation come with `/usuario/me`.
 */
type InitiativeAccess = {
  isMember: boolean;
  organizationId: number | null;
  mayPropose: boolean;
  mayReview: boolean;
};

export function useInitiativeAccess(): InitiativeAccess {
  const membership = useSession().user?.membership ?? null;
  const mayPass = useMayPass();
  return {
    isMember: membership !== null,
    organizationId: membership?.organizationId ?? null,
    mayPropose: mayPass(FLEET_DOORS.initiatives.propose),
    mayReview: mayPass(FLEET_DOORS.initiatives.review),
  };
}
