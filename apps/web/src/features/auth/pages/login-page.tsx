import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { StoreLinks } from '../components/store-links.tsx';
import { useSignIn } from '../hooks/use-sign-in.ts';

// Few people ever see them, so the dialogs' code stays out of the login page's first download.
const ProfileBlockedDialog = lazy(() => import('../components/profile-blocked-dialog.tsx'));
const ForgotPasswordDialog = lazy(() => import('../components/forgot-password-dialog.tsx'));

/** The e-mail handed over by a page that leads here (password set, account activated). */
function emailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  return typeof state.email === 'string' ? state.email : undefined;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const [params] = useSearchParams();
  const location = useLocation();
  const isExpired = params.has('expired');
  const { isPending, error, isProfileBlocked, signIn, dismissBlocked } = useSignIn();
  // undefined: closed; a string: open, prefilled with the e-mail typed in the login form.
  const [forgotPasswordEmail, setForgotPasswordEmail] = useState<string | undefined>(undefined);

  return (
    <AuthLayout>
      <div className="auth-card">
        <h1>{t('login.heading')}</h1>
        <p className="auth-card-subtitle">{t('login.subtitle')}</p>
        {isExpired && !error && (
          <div className="auth-alert">
            <Notice type="warning">{t('login.expired')}</Notice>
          </div>
        )}
        {error && (
          <div className="auth-alert">
            <Notice type="error">{error}</Notice>
          </div>
        )}
        <LoginForm
          isPending={isPending}
          onSubmit={(values) => void signIn(values)}
          onForgotPassword={setForgotPasswordEmail}
          initialEmail={emailFromState(location.state)}
        />
        <p className="auth-alt">
          {t('login.noAccount')} <Link to={PATHS.auth.signUp}>{t('login.signUp')}</Link>
        </p>
        <StoreLinks />
      </div>
      {isProfileBlocked && (
        <Suspense fallback={null}>
          <ProfileBlockedDialog onClose={dismissBlocked} />
        </Suspense>
      )}
      {forgotPasswordEmail !== undefined && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            initialEmail={forgotPasswordEmail}
            onClose={() => setForgotPasswordEmail(undefined)}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}
