import { newPasswordSchema } from '@scentia/shared/auth.schemas';
import { type PasswordHint, unmetPasswordHints } from '@scentia/shared/validators';
import type { TFunction } from 'i18next';
import { zodIssueKey } from '../../lib/form-rules.ts';

/** The advisory hints of spec §5, in the order the checklist shows them. */
export const PASSWORD_HINTS: readonly PasswordHint[] = ['length', 'numbers', 'case', 'special'];

export type NewPasswordIssue = 'empty' | 'requirement';
export type ConfirmationIssue = 'empty' | 'different';

/**
 * The new-password field of the recovery and registration forms (spec §5): empty gives 'empty',
 * failing the only enforced rule (newPasswordSchema, the one the API applies) gives 'requirement'.
 * The hints never block.
 */
export function newPasswordIssue(password: string): NewPasswordIssue | undefined {
  const key = zodIssueKey(newPasswordSchema, password);
  if (!key) return undefined;
  return key === 'required' ? 'empty' : 'requirement';
}

/** The confirmation: required, and equal to the password as typed ('different' otherwise). */
export function confirmationIssue(password: string, confirmation: string): ConfirmationIssue | undefined {
  if (confirmation === '') return 'empty';
  return confirmation === password ? undefined : 'different';
}

export type NewPasswordErrors = {
  password?: NewPasswordIssue;
  confirmation?: ConfirmationIssue;
};

export function validateNewPassword(values: { password: string; confirmation: string }): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const password = newPasswordIssue(values.password);
  const confirmation = confirmationIssue(values.password, values.confirmation);
  if (password) errors.password = password;
  if (confirmation) errors.confirmation = confirmation;
  return errors;
}

/** "numbers, upper and lower case and special characters", in the language's own list style. */
export function unmetHintNames(password: string, t: TFunction, language: string): string {
  const names = unmetPasswordHints(password).map((hint) => t(`common:passwordHints.${hint}`));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);
}

/**
 * The new-password message of the change-password form (spec §5): required, or the rule with the
 * names of the hints the value does not meet appended. Undefined when the value is acceptable.
 */
export function changePasswordRuleMessage(
  password: string,
  t: TFunction,
  language: string,
): string | undefined {
  const issue = newPasswordIssue(password);
  if (!issue) return undefined;
  if (issue === 'empty') return t('common:passwordRules.newRequired');
  const rule = t('common:passwordRules.requirement');
  if (unmetPasswordHints(password).length === 0) return rule;
  return t('common:passwordRules.requirementWithHints', {
    rule,
    hints: unmetHintNames(password, t, language),
  });
}
