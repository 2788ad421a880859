import { EMAIL_MAX_LENGTH } from '@scentia/shared/constants';
import { isValidEmail } from '@scentia/shared/validators';
import type { IssueMessage } from '../../lib/form-rules.ts';

/** The longest password `loginFormSchema` accepts. */
export const LOGIN_PASSWORD_MAX = 128;

/**
 * The sign-in form's rules, as the shared `loginFormSchema` states them (the API applies that
 * schema), written without zod so the login route loads without it; login-rules.test.ts checks that
 * both give the same first problem for the same input.
 */
// zod counts the length of a text in code points, not UTF-16 units.
const lengthOf = (value: string) => [...value].length;

export function loginIssue(field: 'email' | 'password', value: string): IssueMessage | undefined {
  if (field === 'email') {
    const email = value.trim();
    if (email.length < 1) return { key: 'required', values: { minimum: 1 } };
    if (lengthOf(email) > EMAIL_MAX_LENGTH) return { key: 'tooLong', values: { maximum: EMAIL_MAX_LENGTH } };
    return isValidEmail(email) ? undefined : { key: 'invalidEmail', values: {} };
  }
  if (value.length < 1) return { key: 'required', values: { minimum: 1 } };
  if (lengthOf(value) > LOGIN_PASSWORD_MAX)
    return { key: 'tooLong', values: { maximum: LOGIN_PASSWORD_MAX } };
  return undefined;
}
