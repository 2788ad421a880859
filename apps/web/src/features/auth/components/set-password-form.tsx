import { type FormEvent, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { validateNewPassword } from '../password-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import './form-fields.css';

type SetPasswordFormProps = {
  submitLabel: string;
  isPending: boolean;
  /** A field message from the server (a VALIDATION answer), shown until the password changes. */
  serverPasswordError?: string;
  onSubmit: (password: string) => void;
};

type Field = 'password' | 'confirmation';

/**
 * The recovery and registration form (spec §5): 'empty' and 'requirement' on the password,
 * 'different' when the confirmation does not match. Errors show once a field was left or the form
 * submitted; the checklist reacts on every keystroke.
 */
export function SetPasswordForm({
  submitLabel,
  isPending,
  serverPasswordError,
  onSubmit,
}: SetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrorFor, setServerErrorFor] = useState<string | undefined>(undefined);
  const refs = { password: useRef<HTMLInputElement>(null), confirmation: useRef<HTMLInputElement>(null) };

  const errors = validateNewPassword({ password, confirmation });
  const touch = (field: Field) => setTouched((current) => ({ ...current, [field]: true }));
  // The server's message belongs to the password it judged; editing the password retires it.
  const isServerErrorCurrent = serverPasswordError !== undefined && serverErrorFor === password;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setTouched({ password: true, confirmation: true });
    const firstInvalid = (['password', 'confirmation'] as const).find((field) => errors[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    setServerErrorFor(password);
    onSubmit(password);
  }

  return (
    <form name="set-password" noValidate onSubmit={handleSubmit}>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPasswordChange={setPassword}
        onConfirmationChange={setConfirmation}
        onPasswordBlur={() => touch('password')}
        onConfirmationBlur={() => touch('confirmation')}
        passwordIssue={touched.password ? errors.password : undefined}
        confirmationIssue={touched.confirmation ? errors.confirmation : undefined}
        passwordServerError={isServerErrorCurrent ? serverPasswordError : undefined}
        passwordRef={refs.password}
        confirmationRef={refs.confirmation}
        isReadOnly={isPending}
      />
      <button type="submit" className="button-primary" aria-busy={isPending}>
        {isPending && <Spinner size={16} />}
        {submitLabel}
      </button>
    </form>
  );
}
