import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/i18n-for-tests.ts';
import {
  changePasswordRuleMessage,
  confirmationIssue,
  newPasswordIssue,
  unmetHintNames,
  validateNewPassword,
} from './password-rules.ts';

let t: TFunction;
beforeAll(async () => {
  t = (await createTestI18n()).t;
});

describe('new password (recovery and registration forms)', () => {
  it("reports 'empty' for nothing typed and 'requirement' outside 4 to 16 characters", () => {
    expect(newPasswordIssue('')).toBe('empty');
    expect(newPasswordIssue('abc')).toBe('requirement');
    expect(newPasswordIssue('a'.repeat(17))).toBe('requirement');
    expect(newPasswordIssue('abcd')).toBeUndefined();
    expect(newPasswordIssue('a'.repeat(16))).toBeUndefined();
  });

  it('never blocks on the hints: a plain four-letter password is accepted', () => {
    expect(validateNewPassword({ password: 'abcd', confirmation: 'abcd' })).toEqual({});
  });

  it("reports 'different' when the confirmation does not match, even by case or a space", () => {
    expect(confirmationIssue('Secret#1', 'secret#1')).toBe('different');
    expect(confirmationIssue('Secret#1', 'Secret#1 ')).toBe('different');
    expect(confirmationIssue('Secret#1', '')).toBe('empty');
    expect(confirmationIssue('Secret#1', 'Secret#1')).toBeUndefined();
  });

  it('reports both fields at once', () => {
    expect(validateNewPassword({ password: '', confirmation: '' })).toEqual({
      password: 'empty',
      confirmation: 'empty',
    });
    expect(validateNewPassword({ password: 'abc', confirmation: 'abd' })).toEqual({
      password: 'requirement',
      confirmation: 'different',
    });
  });
});

describe('change-password rule message', () => {
  it('is undefined for an acceptable password', () => {
    expect(changePasswordRuleMessage('abcd', t, 'pt-BR')).toBeUndefined();
  });

  it('says the new password is required when empty', () => {
    expect(changePasswordRuleMessage('', t, 'pt-BR')).toBe('Informe a nova senha');
  });

  it('appends the names of every unmet hint to the rule', () => {
    expect(changePasswordRuleMessage('abc', t, 'pt-BR')).toBe(
      'A senha deve ter de 4 a 16 caracteres. Recomendado também: mais de 8 caracteres, números, ' +
        'letras maiúsculas e minúsculas e caracteres especiais.',
    );
    expect(changePasswordRuleMessage('Ab1', t, 'pt-BR')).toBe(
      'A senha deve ter de 4 a 16 caracteres. Recomendado também: mais de 8 caracteres e caracteres especiais.',
    );
  });

  it('gives the bare rule when a too-long password meets every hint', () => {
    expect(changePasswordRuleMessage('Abcdefgh#12345678', t, 'pt-BR')).toBe(
      'A senha deve ter de 4 a 16 caracteres',
    );
  });

  it('lists the hint names in the style of the language', () => {
    const english = ((key: string) => key.split('.').pop()) as unknown as TFunction;
    expect(unmetHintNames('abc', english, 'en-US')).toBe('length, numbers, case, and special');
    expect(unmetHintNames('abc', english, 'es-ES')).toBe('length, numbers, case y special');
  });
});
