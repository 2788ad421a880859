import { useTranslation } from 'react-i18next';
import type { IssueMessage, TranslateIssue } from './form-rules.ts';

/**
 * The text of a shared schema's problem in the page's language (common:validation.<key>), with the
 * limit a length message names; a key the catalog lacks reads as the generic 'invalid field'.
 */
export function useTranslateIssue(): TranslateIssue {
  const { t } = useTranslation('common');
  return ({ key, values }: IssueMessage) =>
    t(`validation.${key}`, { ...values, defaultValue: t('validation.invalid') });
}
