import { describe, expect, it } from 'vitest';
import { isValidCpf, withCpfCheckDigits } from './br-documents.ts';
import { pickFromAcceptLanguage, toLanguage } from './locales.ts';
import {
  isAdminProfile,
  isUserProfile,
  isValidEmail,
  isValidPassword,
  unmetPasswordHints,
} from './validators.ts';

describe('isValidEmail', () => {
  it.each(['ana@scentia.com.br', 'joao.silva+vendas@exemplo.com', 'A_B-c@sub.dominio.io'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each([
    '',
    'ana',
    'ana@',
    '@scentia.com',
    'ana@scentia',
    'ana silva@x.com',
    'ana@x.c',
    'a@b.com\r\nBcc: x@y.com',
    'a@@b.com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidPassword (4 to 16 characters, the only enforced rule)', () => {
  it.each([
    ['abc', false],
    ['abcd', true],
    ['a'.repeat(16), true],
    ['a'.repeat(17), false],
    ['ção😀', true],
  ])('%j → %s', (password, expected) => {
    expect(isValidPassword(password)).toBe(expected);
  });
});

describe('unmetPasswordHints', () => {
  it('names every advisory hint a weak password misses', () => {
    expect(unmetPasswordHints('abcd')).toEqual(['length', 'numbers', 'case', 'special']);
  });
  it('is empty for a password meeting all hints', () => {
    expect(unmetPasswordHints('Perfume#2026')).toEqual([]);
  });
});

describe('profile checks', () => {
  it('compares profile names case-insensitively', () => {
    expect(isAdminProfile('admin')).toBe(true);
    expect(isAdminProfile(' Admin ')).toBe(true);
    expect(isAdminProfile('ADMINISTRATOR')).toBe(false);
    expect(isUserProfile('user')).toBe(true);
    expect(isUserProfile('OPERADOR')).toBe(false);
    expect(isAdminProfile(undefined)).toBe(false);
  });
});

describe('languages', () => {
  it('maps loose tags onto the three product languages', () => {
    expect(toLanguage('en')).toBe('en-US');
    expect(toLanguage('PT-pt')).toBe('pt-BR');
    expect(toLanguage('es_AR')).toBe('es-ES');
    expect(toLanguage('fr-FR')).toBeUndefined();
  });
  it('honours Accept-Language weights', () => {
    expect(pickFromAcceptLanguage('fr;q=1, es;q=0.5, en;q=0.8')).toBe('en-US');
    expect(pickFromAcceptLanguage('de, fr')).toBeUndefined();
    expect(pickFromAcceptLanguage('en;q=0, es')).toBe('es-ES');
  });
});

describe('CPF check digits', () => {
  it('computes the check digits of a known CPF', () => {
    expect(withCpfCheckDigits('529982247')).toBe('52998224725');
  });
  it('validates CPFs, refusing wrong check digits and repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });
});
