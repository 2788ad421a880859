import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { getTokens } from '../../../lib/auth-storage.ts';
import { PATHS } from '../../../lib/paths.ts';
import { endSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { logout } from '../api/logout.ts';

/**
 * /logout (spec §2): revoke the refresh token on the server (best effort: an unreachable server
 * must not keep anyone signed in), clear the browser state, then go to /auth.
 */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('logout.title'));
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const tokens = getTokens();
    endSession();
    const revoke = tokens ? logout(tokens.refreshToken).catch(() => undefined) : Promise.resolve();
    void revoke.then(() => navigate(PATHS.auth.root, { replace: true }));
  }, [navigate]);

  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 12, color: '#5c5f66' }}>
        <Spinner />
        <span>{t('logout.message')}</span>
      </div>
    </main>
  );
}
