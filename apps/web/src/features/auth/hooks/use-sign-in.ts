import type { LoginForm } from '@scentia/shared/auth.schemas';
import { LOGIN_ROLE_CHECK_DELAY_MS } from '@scentia/shared/constants';
import { isUserProfile } from '@scentia/shared/validators';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearAuth, getStoredUser } from '../../../lib/auth-storage.ts';
import { delay } from '../../../lib/delay.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { takeLastLocation } from '../../../lib/last-location.ts';
import { PATHS } from '../../../lib/paths.ts';
import { beginSession } from '../../../lib/session.ts';
import { getCurrentUser } from '../api/get-current-user.ts';
import { login } from '../api/login.ts';
import { logout } from '../api/logout.ts';

export type SignInState = {
  isPending: boolean;
  error: string | undefined;
  isProfileBlocked: boolean;
};

/**
 * Sign-in as spec §4 describes it: store the tokens and clear the user, fetch the current user,
 * wait ~2 s, then decide on the stored user. USER profiles are turned away here; the API refuses
 * them on every admin route anyway.
 */
export function useSignIn() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [state, setState] = useState<SignInState>({
    isPending: false,
    error: undefined,
    isProfileBlocked: false,
  });

  async function signIn(credentials: LoginForm): Promise<void> {
    setState({ isPending: true, error: undefined, isProfileBlocked: false });
    try {
      const tokens = await login(credentials);
      beginSession(tokens);
      let userError: unknown;
      await Promise.all([
        getCurrentUser().catch((error: unknown) => {
          userError = error;
        }),
        delay(LOGIN_ROLE_CHECK_DELAY_MS),
      ]);
      const user = getStoredUser();
      if (!user || isUserProfile(user.profile.nome)) {
        clearAuth();
        // Revoke the refresh token too: this session must not be usable, not even by the API.
        logout(tokens.refreshToken).catch(() => undefined);
        setState({
          isPending: false,
          error: user ? undefined : errorMessage(userError, t, t('login.invalid')),
          isProfileBlocked: Boolean(user),
        });
        return;
      }
      navigate(takeLastLocation() ?? PATHS.admin.root, { replace: true });
    } catch (error) {
      setState({
        isPending: false,
        error: errorMessage(error, t, t('login.invalid')),
        isProfileBlocked: false,
      });
    }
  }

  function dismissBlocked(): void {
    setState((current) => ({ ...current, isProfileBlocked: false }));
  }

  return { ...state, signIn, dismissBlocked };
}
