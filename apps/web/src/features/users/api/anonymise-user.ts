import { anonymisedUserSchema } from '@scentia/shared/privacy.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateUsers } from './invalidate-users.ts';

/**
 * POST /api/usuario/anonymise/{id}: erases the account's personal data for good and answers the
 * anonymised account. ADMIN only; 409 for oneself (SELF_ANONYMISATION), the last active ADMIN
 * (LAST_ACTIVE_ADMIN) or an account already anonymised (ALREADY_ANONYMISED).
 */
export function anonymiseUser(id: number) {
  return http.post(`/usuario/anonymise/${id}`, undefined, { schema: anonymisedUserSchema });
}

/**
 * `onAnonymised` runs before the users are refreshed: an edit page holding the erased values must be
 * left first, or the refreshed record would make its untouched form count as unsaved changes.
 */
export function useAnonymiseUser(onAnonymised?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: anonymiseUser,
    onSuccess: () => {
      onAnonymised?.();
      return invalidateUsers(queryClient);
    },
  });
}
