import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import type { ConfirmationIssue, NewPasswordIssue } from '../password-rules.ts';
import { PasswordChecklist } from './password-checklist.tsx';
import { TextField } from './text-field.tsx';

type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  onPasswordBlur: () => void;
  onConfirmationBlur: () => void;
  /** Issues to show (only those of touched fields); a server message wins over the issue. */
  passwordIssue?: NewPasswordIssue;
  confirmationIssue?: ConfirmationIssue;
  passwordServerError?: string;
  passwordRef: RefObject<HTMLInputElement | null>;
  confirmationRef: RefObject<HTMLInputElement | null>;
  isReadOnly: boolean;
  /** Sign-up sets an account's first password: plain "Password" labels instead of "New password". */
  isFirstPassword?: boolean;
};

const PASSWORD_MESSAGES: Record<NewPasswordIssue, string> = {
  empty: 'common:passwordRules.newRequired',
  requirement: 'common:passwordRules.requirement',
};
const FIRST_PASSWORD_MESSAGES: Record<NewPasswordIssue, string> = {
  empty: 'common:validation.required',
  requirement: 'common:passwordRules.requirement',
};

const CONFIRMATION_MESSAGES: Record<ConfirmationIssue, string> = {
  empty: 'common:passwordRules.confirmationRequired',
  different: 'common:passwordRules.different',
};

/** New password and its confirmation, with the live hint checklist under the password. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const checklistId = useId();
  const messages = props.isFirstPassword ? FIRST_PASSWORD_MESSAGES : PASSWORD_MESSAGES;
  const labels = props.isFirstPassword ? 'signUp' : 'newPassword';
  const passwordError =
    props.passwordServerError ?? (props.passwordIssue && t(messages[props.passwordIssue]));
  return (
    <>
      <TextField
        ref={props.passwordRef}
        label={t(`${labels}.password`)}
        name="new-password"
        isPassword
        autoComplete="new-password"
        prefix={<PlainIcon name="lock" />}
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        onBlur={props.onPasswordBlur}
        error={passwordError}
        aria-describedby={checklistId}
        readOnly={props.isReadOnly}
      />
      <PasswordChecklist password={props.password} id={checklistId} />
      <TextField
        ref={props.confirmationRef}
        label={t(`${labels}.confirmation`)}
        name="new-password-confirmation"
        isPassword
        autoComplete="new-password"
        prefix={<PlainIcon name="lock" />}
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.target.value)}
        onBlur={props.onConfirmationBlur}
        error={props.confirmationIssue && t(CONFIRMATION_MESSAGES[props.confirmationIssue])}
        readOnly={props.isReadOnly}
      />
    </>
  );
}
