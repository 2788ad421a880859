import { describe, expect, it } from 'vitest';
import { serverFieldErrors, toSignUpBody, validateSignUp } from './sign-up-rules.ts';

const VALID = {
  name: 'Ana Lima',
  email: 'ana@scentia.test',
  password: 'Secret#1',
  confirmation: 'Secret#1',
  isTermsAccepted: true,
};

/** Each field's message key (name, e-mail and terms carry a shared schema's message). */
function keysOf(issues: ReturnType<typeof validateSignUp>) {
  return Object.fromEntries(
    Object.entries(issues).map(([field, issue]) => [field, typeof issue === 'string' ? issue : issue.key]),
  );
}

describe('sign-up form rules', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(VALID)).toEqual({});
  });

  it('reports every missing field with its key', () => {
    expect(
      keysOf(
        validateSignUp({ name: ' ', email: '', password: '', confirmation: '', isTermsAccepted: false }),
      ),
    ).toEqual({
      name: 'required',
      email: 'required',
      password: 'empty',
      confirmation: 'empty',
      terms: 'termsRequired',
    });
  });

  it('applies the shared rules: person name, e-mail pattern, password length, confirmation', () => {
    expect(
      keysOf(
        validateSignUp({ ...VALID, name: 'Jo 12', email: 'ana@', password: 'abc', confirmation: 'abcd' }),
      ),
    ).toEqual({
      name: 'personName',
      email: 'invalidEmail',
      password: 'requirement',
      confirmation: 'different',
    });
  });

  it('sends trimmed name and e-mail, the password as typed and the accepted terms', () => {
    expect(
      toSignUpBody({ ...VALID, name: '  Ana Lima ', email: ' ana@scentia.test ', password: ' x1x ' }),
    ).toEqual({ nome: 'Ana Lima', email: 'ana@scentia.test', password: ' x1x ', termsAccepted: true });
  });

  it('maps the fields of a VALIDATION answer to the form fields, first message per field', () => {
    expect(
      serverFieldErrors([
        { path: 'nome', message: 'Nome inválido' },
        { path: 'termsAccepted', message: 'Aceite os termos' },
        { path: 'email', message: 'E-mail inválido' },
        { path: 'email', message: 'Outro' },
        { path: 'unknown', message: 'Ignorado' },
      ]),
    ).toEqual({ name: 'Nome inválido', terms: 'Aceite os termos', email: 'E-mail inválido' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});
