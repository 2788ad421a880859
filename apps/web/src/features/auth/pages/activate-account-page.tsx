import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useAccountActivation } from '../api/activate-account.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AuthSuccessCard } from '../components/auth-success-card.tsx';
import { RequireToken } from '../components/require-token.tsx';
import '../components/form-fields.css';

/** /auth/ativar-conta?t=: the activation request fires as the page opens (spec §4). */
export default function ActivateAccountPage() {
  return (
    <RequireToken>
      <ActivateAccount />
    </RequireToken>
  );
}

function ActivateAccount() {
  const { t } = useTranslation('auth');
  usePageTitle(t('activateAccount.title'));
  const [params] = useSearchParams();
  const { state, retry } = useAccountActivation(params.get('t') ?? '');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The outcome replaces the heading; moving the focus there makes screen readers say it.
  useEffect(() => {
    if (state.status !== 'pending') headingRef.current?.focus();
  }, [state.status]);

  if (state.status === 'pending') {
    return (
      <AuthLayout>
        <div className="auth-card">
          <span className="auth-status-icon" aria-hidden="true">
            <Spinner size={26} />
          </span>
          <h1>{t('activateAccount.title')}</h1>
          <p className="auth-card-subtitle" role="status">
            {t('activateAccount.pending')}
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (state.status === 'success') {
    return (
      <AuthSuccessCard
        icon="check-circle"
        title={t('activateAccount.successTitle')}
        email={state.result.email}
      >
        <p className="auth-card-subtitle">
          {t('activateAccount.successText', { email: state.result.email })}
        </p>
      </AuthSuccessCard>
    );
  }

  // An answer from the server will not change on retry; only a lost or failed exchange is retried.
  const canRetry = !(isApiError(state.error) && state.error.isClientError);
  return (
    <AuthLayout>
      <div className="auth-card">
        <span className="auth-status-icon is-error" aria-hidden="true">
          <PlainIcon name="close-circle" />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="auth-card-message-heading">
          {errorMessage(state.error, t, t('activateAccount.errorTitle'))}
        </h1>
        <p className="auth-card-subtitle">{t('activateAccount.errorHint')}</p>
        {canRetry && (
          <p>
            <button type="button" className="button-primary" onClick={retry}>
              {t('common:actions.retry')}
            </button>
          </p>
        )}
        <Link to={PATHS.auth.login}>
          <PlainIcon name="arrow-left" /> {t('common:actions.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
