import { loginFormSchema } from '@scentia/shared/auth.schemas';
import { EMAIL_MAX_LENGTH } from '@scentia/shared/constants';
import { describe, expect, it } from 'vitest';
import { zodIssue } from '../../lib/form-rules.ts';
import { LOGIN_PASSWORD_MAX, loginIssue } from './login-rules.ts';

const local = (length: number) => 'a'.repeat(length);

describe('the login form rules without zod', () => {
  it('give the same first problem as loginFormSchema for the e-mail', () => {
    const emails = [
      '',
      '   ',
      'ana@scentia.test',
      '  ana@scentia.test  ',
      'ana@',
      'ana',
      'ana@scentia',
      'ana scentia@x.com',
      'ana@scentia.t',
      'joão@scentia.test',
      `${local(EMAIL_MAX_LENGTH - 12)}@scentia.com`,
      `${local(EMAIL_MAX_LENGTH - 11)}@scentia.com`,
      `${local(EMAIL_MAX_LENGTH + 5)}@scentia.com`,
      local(EMAIL_MAX_LENGTH + 1),
      'ana@scentia.test\n',
      'a\r\nb@x.com',
    ];
    for (const email of emails) {
      expect({ email, issue: loginIssue('email', email) }).toEqual({
        email,
        issue: zodIssue(loginFormSchema.shape.email, email),
      });
    }
  });

  it('give the same first problem as loginFormSchema for the password', () => {
    const passwords = [
      '',
      ' ',
      'a',
      'secret',
      local(LOGIN_PASSWORD_MAX),
      local(LOGIN_PASSWORD_MAX + 1),
      '😀'.repeat(70),
      '😀'.repeat(129),
    ];
    for (const password of passwords) {
      expect({ password, issue: loginIssue('password', password) }).toEqual({
        password,
        issue: zodIssue(loginFormSchema.shape.password, password),
      });
    }
    expect(loginIssue('password', local(LOGIN_PASSWORD_MAX + 1))?.key).toBe('tooLong');
    expect(loginIssue('email', 'ana@')?.key).toBe('invalidEmail');
  });
});
