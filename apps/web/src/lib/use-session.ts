import type { CurrentUser, TokenPair } from '@scentia/shared/auth.schemas';
import { useSyncExternalStore } from 'react';
import { getAuth, subscribeAuth } from './auth-storage.ts';

/** The stored session, re-rendering when it changes in this tab or another one. */
export function useSession(): { user: CurrentUser | null; tokens: TokenPair | null } {
  const auth = useSyncExternalStore(subscribeAuth, getAuth, getAuth);
  return { user: auth.user, tokens: auth.authData };
}
