import type { LoginForm as LoginValues } from '@scentia/shared/auth.schemas';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { IssueMessage } from '../../../lib/form-rules.ts';
import { preloadSignedIn } from '../../../lib/signed-in-preload.ts';
import { useTranslateIssue } from '../../../lib/use-translate-issue.ts';
import { loginIssue } from '../login-rules.ts';
import { TermsField } from './terms-field.tsx';
import { TextField } from './text-field.tsx';
import './form-fields.css';

type LoginFormProps = {
  isPending: boolean;
  onSubmit: (values: LoginValues) => void;
  /** Opens the forgot-password dialog with whatever e-mail was typed so far. */
  onForgotPassword: (email: string) => void;
  /** Prefills the e-mail, e.g. after a password was set from a mail link. */
  initialEmail?: string;
};

type Field = 'email' | 'password' | 'terms';

/**
 * Email and password are checked by the rules of the shared loginFormSchema (the API applies it);
 * the terms agreement is a client-side requirement of the form (spec §2, §5).
 */
export function LoginForm({ isPending, onSubmit, onForgotPassword, initialEmail = '' }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [isTermsAccepted, setTermsAccepted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    terms: useRef<HTMLInputElement>(null),
  };

  const translateIssue = useTranslateIssue();
  const issues: Record<Field, IssueMessage | undefined> = {
    email: loginIssue('email', email),
    password: loginIssue('password', password),
    terms: isTermsAccepted ? undefined : { key: 'termsRequired', values: {} },
  };
  const errorOf = (field: Field) => {
    const issue = issues[field];
    return touched[field] && issue ? translateIssue(issue) : undefined;
  };
  const touch = (field: Field) => setTouched((current) => ({ ...current, [field]: true }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setTouched({ email: true, password: true, terms: true });
    const firstInvalid = (['email', 'password', 'terms'] as const).find((field) => issues[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    onSubmit({ email: email.trim(), password });
  }

  return (
    // The first focus in the form starts fetching the signed-in home, while the user types.
    <form name="login" noValidate onSubmit={handleSubmit} onFocus={preloadSignedIn}>
      <TextField
        ref={refs.email}
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
        prefix={<PlainIcon name="mail" />}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => touch('email')}
        error={errorOf('email')}
        readOnly={isPending}
      />
      <TextField
        ref={refs.password}
        label={t('login.password')}
        name="password"
        isPassword
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        prefix={<PlainIcon name="lock" />}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        onBlur={() => touch('password')}
        error={errorOf('password')}
        readOnly={isPending}
      />
      <div className="auth-form-row">
        <button
          type="button"
          className="link-button"
          aria-haspopup="dialog"
          onClick={() => onForgotPassword(email.trim())}
        >
          {t('login.forgotPassword')}
        </button>
      </div>
      <TermsField
        ref={refs.terms}
        isChecked={isTermsAccepted}
        onChange={(isChecked) => {
          setTermsAccepted(isChecked);
          touch('terms');
        }}
        error={errorOf('terms')}
      />
      <button type="submit" className="button-primary" aria-busy={isPending}>
        {isPending && <Spinner size={16} />}
        {t('login.submit')}
      </button>
    </form>
  );
}
