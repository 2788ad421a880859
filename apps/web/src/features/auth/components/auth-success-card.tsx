import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainIcon, type PlainIconName } from '../../../components/plain-icon.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { AuthLayout } from './auth-layout.tsx';

type AuthSuccessCardProps = {
  icon: PlainIconName;
  title: string;
  /** The e-mail the sign-in form starts with. */
  email: string;
  /** The card's text paragraphs. */
  children: ReactNode;
};

/** The outcome of a finished account request, with the way on to sign-in. */
export function AuthSuccessCard({ icon, title, email, children }: AuthSuccessCardProps) {
  const { t } = useTranslation('auth');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The outcome replaces the form; moving the focus to it makes screen readers say it.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <AuthLayout>
      <div className="auth-card">
        <span className="auth-status-icon is-success" aria-hidden="true">
          <PlainIcon name={icon} />
        </span>
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {children}
        <Link className="button-primary" to={PATHS.auth.login} state={{ email }}>
          {t('common:actions.goToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
