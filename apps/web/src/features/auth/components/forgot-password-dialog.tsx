import { recoveryRequestBodySchema } from '@scentia/shared/auth.schemas';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { PlainDialog } from '../../../components/plain-dialog.tsx';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { zodIssueKey } from '../../../lib/form-rules.ts';
import { useRequestPasswordRecovery } from '../api/request-password-recovery.ts';
import { TextField } from './text-field.tsx';
import './form-fields.css';

type ForgotPasswordDialogProps = {
  initialEmail: string;
  onClose: () => void;
};

/**
 * The forgot-password dialog of the login page (spec §5, §7): an empty address gives the 'invalid
 * email text' message, a malformed one the 'invalid email title' message; success turns it into the
 * confirmation, which never says whether the address has an account.
 */
export default function ForgotPasswordDialog({ initialEmail, onClose }: ForgotPasswordDialogProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [isSubmitted, setSubmitted] = useState(false);
  const mutation = useRequestPasswordRecovery();
  const emailRef = useRef<HTMLInputElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);

  if (mutation.isSuccess) {
    return (
      <PlainDialog key="sent" title={t('forgotPassword.sentTitle')} onClose={onClose} initialFocusRef={okRef}>
        <p className="plain-dialog-text">{t('forgotPassword.sentText', { email: mutation.variables })}</p>
        <div className="plain-dialog-actions">
          <button ref={okRef} type="button" className="button-primary" onClick={onClose}>
            {t('common:actions.ok')}
          </button>
        </div>
      </PlainDialog>
    );
  }

  const issue = zodIssueKey(recoveryRequestBodySchema.shape.email, email);
  const emailError =
    isSubmitted && issue
      ? t(issue === 'required' ? 'forgotPassword.invalidEmailText' : 'forgotPassword.invalidEmailTitle')
      : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSubmitted(true);
    if (issue) {
      emailRef.current?.focus();
      return;
    }
    mutation.mutate(email.trim());
  }

  return (
    <PlainDialog key="form" title={t('forgotPassword.title')} onClose={onClose} initialFocusRef={emailRef}>
      <p className="plain-dialog-text">{t('forgotPassword.text')}</p>
      {mutation.isError && (
        <div className="auth-alert">
          <Notice type="error">{t('forgotPassword.relatedEmailError')}</Notice>
        </div>
      )}
      <form name="forgot-password" noValidate onSubmit={handleSubmit}>
        <TextField
          ref={emailRef}
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={t('login.emailPlaceholder')}
          prefix={<PlainIcon name="mail" />}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          readOnly={mutation.isPending}
        />
        <div className="plain-dialog-actions">
          <button type="button" className="button-secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" className="button-primary" aria-busy={mutation.isPending}>
            {mutation.isPending && <Spinner size={16} />}
            {t('forgotPassword.submit')}
          </button>
        </div>
      </form>
    </PlainDialog>
  );
}
