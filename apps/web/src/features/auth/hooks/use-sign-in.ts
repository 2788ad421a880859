import type { LoginForm } from '@scentia/shared/auth.schemas';
import { isUserProfile } from '@scentia/shared/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearAuth } from '../../../lib/auth-storage.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { takeLastLocation } from '../../../lib/last-location.ts';
import { PATHS } from '../../../lib/paths.ts';
import { beginSession } from '../../../lib/session.ts';
import { getCurrentUser } from '../api/get-current-user.ts';
import { login } from '../api/login.ts';
import { logout } from '../api/logout.ts';
import { authKeys } from '../api/query-keys.ts';

export type SignInState = {
  isPending: boolean;
  error: string | undefined;
  isProfileBlocked: boolean;
};

/**
 * Sign-in as spec §4 describes it: store the tokens, fetch the current user, then decide on that
 * user. USER profiles are turned away here; the API refuses them on every admin route anyway. The
 * spec's 2 s wait before the role check is read as "once the user is known", which the answer in
 * hand already is (docs/decisions: the sign-in's role check).
 */
export function useSignIn() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SignInState>({
    isPending: false,
    error: undefined,
    isProfileBlocked: false,
  });

  async function signIn(credentials: LoginForm): Promise<void> {
    setState({ isPending: true, error: undefined, isProfileBlocked: false });
    let tokens: Awaited<ReturnType<typeof login>> | undefined;
    try {
      tokens = await login(credentials);
      beginSession(tokens);
      const user = await getCurrentUser();
      if (isUserProfile(user.profile.nome)) {
        refuse(tokens.refreshToken, { isProfileBlocked: true, error: undefined });
        return;
      }
      // The shell reads the user from here: fresh, it does not ask the server a second time.
      queryClient.setQueryData(authKeys.currentUser(), user);
      // Straight to the home page, not through /admin's redirect: its route starts loading at once.
      navigate(takeLastLocation() ?? PATHS.admin.home, { replace: true });
    } catch (error) {
      const message = errorMessage(error, t, t('login.invalid'));
      if (tokens) refuse(tokens.refreshToken, { isProfileBlocked: false, error: message });
      else setState({ isPending: false, error: message, isProfileBlocked: false });
    }
  }

  /** Ends the session just begun: revoking the refresh token too, so not even the API accepts it. */
  function refuse(refreshToken: string, outcome: Omit<SignInState, 'isPending'>): void {
    clearAuth();
    logout(refreshToken).catch(() => undefined);
    setState({ isPending: false, ...outcome });
  }

  function dismissBlocked(): void {
    setState((current) => ({ ...current, isProfileBlocked: false }));
  }

  return { ...state, signIn, dismissBlocked };
}
