import { ErrorCode } from '@scentia/shared/error-codes';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { AuthSuccessCard } from '../components/auth-success-card.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';
import { type SignUpField, serverFieldErrors } from '../sign-up-rules.ts';

/**
 * /auth/cadastro, the login page's no-account link: creates an unconfirmed account (USER profile)
 * and the server mails the activation link. A taken e-mail is said plainly on the e-mail field.
 */
export default function SignUpPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signUp.title'));
  const mutation = useSignUp();
  const [serverErrors, setServerErrors] = useState<Partial<Record<SignUpField, string>>>({});
  const [generalError, setGeneralError] = useState<string | undefined>(undefined);

  if (mutation.isSuccess) {
    return (
      <AuthSuccessCard icon="mail" title={t('signUp.successTitle')} email={mutation.data.email}>
        <p className="auth-card-subtitle">
          <Trans
            t={t}
            i18nKey="signUp.successText"
            values={{ email: mutation.data.email }}
            components={{ 1: <strong /> }}
          />
        </p>
        <p className="auth-card-subtitle">{t('signUp.successHint')}</p>
      </AuthSuccessCard>
    );
  }

  function handleError(error: unknown) {
    if (isApiError(error) && error.code === ErrorCode.EMAIL_TAKEN) {
      setServerErrors({ email: error.message || t('signUp.emailTaken') });
      return;
    }
    const fields =
      isApiError(error) && error.code === ErrorCode.VALIDATION ? serverFieldErrors(error.fields) : {};
    if (Object.keys(fields).length > 0) {
      setServerErrors(fields);
      return;
    }
    setGeneralError(errorMessage(error, t, t('signUp.failed')));
  }

  return (
    <AuthLayout>
      <div className="auth-card">
        <h1>{t('signUp.title')}</h1>
        <p className="auth-card-subtitle">{t('signUp.subtitle')}</p>
        {generalError && (
          <div className="auth-alert">
            <Notice type="error">{generalError}</Notice>
          </div>
        )}
        <SignUpForm
          isPending={mutation.isPending}
          serverErrors={serverErrors}
          onFieldChange={(field) => {
            if (serverErrors[field]) setServerErrors(({ [field]: _, ...rest }) => rest);
          }}
          onSubmit={(body) => {
            setServerErrors({});
            setGeneralError(undefined);
            mutation.mutate(body, { onError: handleError });
          }}
        />
        <p className="auth-alt">
          {t('signUp.hasAccount')} <Link to={PATHS.auth.login}>{t('signUp.signIn')}</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
