import type { CurrentUser } from '@scentia/shared/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { getStoredUser, storeUser } from '../../../lib/auth-storage.ts';
import { isCurrentUser, plainCheck } from '../../../lib/plain-checks.ts';

// The sign-in checks the role with it, and the login route loads without zod: checked by the
// shape of currentUserSchema.
const currentUserCheck = plainCheck(isCurrentUser);

import { authKeys } from './query-keys.ts';

/** GET /api/usuario/me; the answer is also kept in the `auth` storage entry (spec §3, §4). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await http.get('/usuario/me', { signal, schema: currentUserCheck });
  storeUser(user);
  return user;
}

export function currentUserQueryOptions() {
  const stored = getStoredUser();
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    // The stored user paints the shell at once; marking it as old makes the query confirm it
    // (and thereby the session) with the server on every full page load.
    initialData: stored ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
