import type { SignUpBody } from '@scentia/shared/auth.schemas';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useTranslateIssue } from '../../../lib/use-translate-issue.ts';
import {
  SIGN_UP_FIELDS,
  type SignUpField,
  type SignUpValues,
  toSignUpBody,
  validateSignUp,
} from '../sign-up-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { TermsField } from './terms-field.tsx';
import { TextField } from './text-field.tsx';
import './form-fields.css';

type SignUpFormProps = {
  isPending: boolean;
  /** Messages the server gave per field (EMAIL_TAKEN, VALIDATION); each goes once its field changes. */
  serverErrors: Partial<Record<SignUpField, string>>;
  onFieldChange: (field: SignUpField) => void;
  onSubmit: (body: SignUpBody) => void;
};

const EMPTY: SignUpValues = { name: '', email: '', password: '', confirmation: '', isTermsAccepted: false };

/** Name, e-mail, password and confirmation, terms: the rules of signUpBodySchema, checked here first. */
export function SignUpForm({ isPending, serverErrors, onFieldChange, onSubmit }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const translateIssue = useTranslateIssue();
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<SignUpField, boolean>>>({});
  const refs: Record<SignUpField, RefObject<HTMLInputElement | null>> = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
    terms: useRef<HTMLInputElement>(null),
  };

  // When the server refuses fields, the first of them takes the focus (once per refusal, not on edits).
  const hadServerErrors = useRef(false);
  useEffect(() => {
    const first = SIGN_UP_FIELDS.find((field) => serverErrors[field]);
    if (first && !hadServerErrors.current) refs[first].current?.focus();
    hadServerErrors.current = first !== undefined;
  });

  const issues = validateSignUp(values);
  const touch = (field: SignUpField) => setTouched((current) => ({ ...current, [field]: true }));
  const change = <K extends keyof SignUpValues>(key: K, field: SignUpField, value: SignUpValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    onFieldChange(field);
  };
  const textError = (field: 'name' | 'email' | 'terms') => {
    const issue = touched[field] ? issues[field] : undefined;
    return serverErrors[field] ?? (issue ? translateIssue(issue) : undefined);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setTouched({ name: true, email: true, password: true, confirmation: true, terms: true });
    const firstInvalid = SIGN_UP_FIELDS.find((field) => issues[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    onSubmit(toSignUpBody(values));
  }

  return (
    <form name="sign-up" noValidate onSubmit={handleSubmit}>
      <TextField
        ref={refs.name}
        label={t('signUp.name')}
        name="name"
        autoComplete="name"
        placeholder={t('signUp.namePlaceholder')}
        prefix={<PlainIcon name="user-add" />}
        value={values.name}
        onChange={(event) => change('name', 'name', event.target.value)}
        onBlur={() => touch('name')}
        error={textError('name')}
        readOnly={isPending}
      />
      <TextField
        ref={refs.email}
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={t('login.emailPlaceholder')}
        prefix={<PlainIcon name="mail" />}
        value={values.email}
        onChange={(event) => change('email', 'email', event.target.value)}
        onBlur={() => touch('email')}
        error={textError('email')}
        readOnly={isPending}
      />
      <NewPasswordFields
        password={values.password}
        confirmation={values.confirmation}
        onPasswordChange={(value) => change('password', 'password', value)}
        onConfirmationChange={(value) => change('confirmation', 'confirmation', value)}
        onPasswordBlur={() => touch('password')}
        onConfirmationBlur={() => touch('confirmation')}
        passwordIssue={touched.password ? issues.password : undefined}
        confirmationIssue={touched.confirmation ? issues.confirmation : undefined}
        passwordServerError={serverErrors.password}
        passwordRef={refs.password}
        confirmationRef={refs.confirmation}
        isReadOnly={isPending}
        isFirstPassword
      />
      <TermsField
        ref={refs.terms}
        isChecked={values.isTermsAccepted}
        onChange={(isChecked) => {
          change('isTermsAccepted', 'terms', isChecked);
          touch('terms');
        }}
        error={textError('terms')}
      />
      <button type="submit" className="button-primary" aria-busy={isPending}>
        {isPending && <Spinner size={16} />}
        {t('signUp.submit')}
      </button>
    </form>
  );
}
