import { type InitiativeAccess, initiativeAccessSchema } from '@scentia/shared/initiatives.schemas';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/use-session.ts';

/**
 * GET /api/initiatives/access: what the signed-in person may do with initiatives, as the server decides
 * it (propose: staff and Managers; review: admins), so the screens hide exactly what it would refuse.
 * Keyed by the account: another sign-in in this tab asks again.
 */
export function useInitiativeAccess(): InitiativeAccess | undefined {
  const { user } = useSession();
  return useQuery({
    queryKey: ['initiatives', 'access', user?.id ?? null] as const,
    queryFn: ({ signal }) => http.get('/initiatives/access', { signal, schema: initiativeAccessSchema }),
    staleTime: 5 * 60_000,
  }).data;
}
