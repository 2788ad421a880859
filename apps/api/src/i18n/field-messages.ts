import type { Language } from '@scentia/shared/locales';
import type { ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isMessageKey, type MessageKey, translate } from './translate.ts';

/**
 * The numbers a field message may name, from the issue itself: a limit set with a message key
 * (`.max(200, { error: 'tooLong' })`) names its number exactly like a bare `.max(200)` does.
 */
function messageParams(params: Record<string, unknown>): Record<string, string | number> {
  const named: Record<string, string | number> = {};
  if (params.minimum !== undefined) named.min = Number(params.minimum);
  if (params.maximum !== undefined) named.max = Number(params.maximum);
  if (Array.isArray(params.keys)) named.keys = params.keys.join(', ');
  return named;
}

function fieldMessageKey(
  issue: ZodFastifySchemaValidationError,
  params: Record<string, unknown>,
): MessageKey {
  const custom = `field.${issue.message}`;
  if (isMessageKey(custom)) return custom;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'field.required' : 'field.invalidType';
    case 'too_small':
      if (params.origin === 'string')
        return Number(params.minimum) <= 1 ? 'field.required' : 'field.tooShort';
      return params.origin === 'array' ? 'field.tooFewItems' : 'field.tooSmall';
    case 'too_big':
      if (params.origin === 'string') return 'field.tooLong';
      return params.origin === 'array' ? 'field.tooManyItems' : 'field.tooBig';
    case 'unrecognized_keys':
      return 'field.unknown';
    case 'invalid_format':
      return params.format === 'email' ? 'field.invalidEmail' : 'field.invalid';
    case 'invalid_value':
      return 'field.invalidOption';
    default:
      return 'field.invalid';
  }
}

export function fieldMessage(issue: ZodFastifySchemaValidationError, language: Language): string {
  const params = issue.params as Record<string, unknown>;
  return translate(language, fieldMessageKey(issue, params), messageParams(params));
}

/**
 * A zod issue's message in `language`, exactly as a 400 VALIDATION answer words it: bodies validated
 * after parsing (multipart forms) and the rows of an import report it the same way.
 */
export function zodIssueMessage(issue: z.core.$ZodIssue, language: Language): string {
  return fieldMessage(
    {
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      message: issue.message,
      params: issue,
    } as never,
    language,
  );
}
