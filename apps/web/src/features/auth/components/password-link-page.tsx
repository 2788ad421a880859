import type { TemporaryRequestKind } from '@scentia/shared/auth.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSetPasswordFromLink } from '../api/complete-temporary-request.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AuthSuccessCard } from './auth-success-card.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

type PasswordLinkKind = Exclude<TemporaryRequestKind, 'activation'>;

const TEXTS = { recovery: 'recoverPassword', registration: 'registerPassword' } as const;

/** Answers after which the same link cannot succeed: the form goes away, the way back stays. */
const DEAD_LINK_CODES = new Set<string>([
  ErrorCode.LINK_INVALID,
  ErrorCode.LINK_USED,
  ErrorCode.LINK_EXPIRED,
  ErrorCode.LINK_WRONG_KIND,
]);

/**
 * /auth/recuperar-senha and /auth/cadastrar-senha (spec §2, §4, §5): a new password for the account
 * of the mail link. Success leads to sign-in; failure shows a title and the server's message.
 */
export function PasswordLinkPage({ kind }: { kind: PasswordLinkKind }) {
  const { t } = useTranslation('auth');
  const texts = TEXTS[kind];
  usePageTitle(t(`${texts}.title`));
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const mutation = useSetPasswordFromLink(kind);

  if (mutation.isSuccess) {
    return (
      <AuthSuccessCard icon="check-circle" title={t(`${texts}.successTitle`)} email={mutation.data.email}>
        <p className="auth-card-subtitle">{t(`${texts}.successText`)}</p>
      </AuthSuccessCard>
    );
  }

  const { error } = mutation;
  const isDeadLink = isApiError(error) && DEAD_LINK_CODES.has(error.code);
  const serverPasswordError =
    isApiError(error) && error.code === ErrorCode.VALIDATION
      ? error.fields?.find((field) => field.path === 'password')?.message
      : undefined;

  return (
    <AuthLayout>
      <div className="auth-card">
        <h1>{t(`${texts}.title`)}</h1>
        <p className="auth-card-subtitle">{t(`${texts}.subtitle`)}</p>
        {mutation.isError && (
          <div className="auth-alert">
            <Notice type="error">
              <strong className="notice-title">{t(`${texts}.errorTitle`)}</strong>
              <span>{errorMessage(error, t, t('common:errors.generic'))}</span>
            </Notice>
          </div>
        )}
        {isDeadLink ? (
          <Link to={PATHS.auth.login}>
            <PlainIcon name="arrow-left" /> {t('common:actions.backToLogin')}
          </Link>
        ) : (
          <>
            <SetPasswordForm
              submitLabel={t(`${texts}.submit`)}
              isPending={mutation.isPending}
              serverPasswordError={serverPasswordError}
              onSubmit={(password) => mutation.mutate({ token, password })}
            />
            <p className="auth-alt">
              <Link to={PATHS.auth.login}>{t('common:actions.backToLogin')}</Link>
            </p>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
