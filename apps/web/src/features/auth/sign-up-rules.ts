import { type SignUpBody, signUpBodySchema } from '@scentia/shared/auth.schemas';
import { type IssueMessage, zodIssue } from '../../lib/form-rules.ts';
import {
  type ConfirmationIssue,
  confirmationIssue,
  type NewPasswordIssue,
  newPasswordIssue,
} from './password-rules.ts';

export type SignUpField = 'name' | 'email' | 'password' | 'confirmation' | 'terms';
export const SIGN_UP_FIELDS: readonly SignUpField[] = ['name', 'email', 'password', 'confirmation', 'terms'];

export type SignUpValues = {
  name: string;
  email: string;
  password: string;
  confirmation: string;
  isTermsAccepted: boolean;
};

/** Name, e-mail and terms report the shared schema's messages (common:validation.<key>). */
export type SignUpIssues = {
  name?: IssueMessage;
  email?: IssueMessage;
  password?: NewPasswordIssue;
  confirmation?: ConfirmationIssue;
  terms?: IssueMessage;
};

/** The sign-up form's rules: signUpBodySchema (the API's own) plus the confirmation. */
export function validateSignUp(values: SignUpValues): SignUpIssues {
  const { shape } = signUpBodySchema;
  const issues: SignUpIssues = {
    name: zodIssue(shape.nome, values.name),
    email: zodIssue(shape.email, values.email),
    password: newPasswordIssue(values.password),
    confirmation: confirmationIssue(values.password, values.confirmation),
    terms: zodIssue(shape.termsAccepted, values.isTermsAccepted),
  };
  for (const field of SIGN_UP_FIELDS) if (!issues[field]) delete issues[field];
  return issues;
}

export function toSignUpBody(values: SignUpValues): SignUpBody {
  return {
    nome: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    termsAccepted: true,
  };
}

const FIELD_OF_PATH: Record<string, SignUpField> = {
  nome: 'name',
  email: 'email',
  password: 'password',
  termsAccepted: 'terms',
};

/** A VALIDATION answer's fields (paths of the request body) as messages per form field. */
export function serverFieldErrors(
  fields: readonly { path: string; message: string }[] | undefined,
): Partial<Record<SignUpField, string>> {
  const errors: Partial<Record<SignUpField, string>> = {};
  for (const { path, message } of fields ?? []) {
    const field = FIELD_OF_PATH[path.split('.')[0] ?? ''];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
