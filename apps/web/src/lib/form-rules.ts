// Type-only: the login page uses zodIssueKey without pulling Ant Design's Form into its bundle.
import type { Rule, RuleObject } from 'antd/es/form';
import type { z } from 'zod';

/**
 * Turns a zod schema from packages/shared into antd Form rules, so a field is validated by the
 * very rule the API enforces. Schemas report message keys ('required', 'tooLong', ...) and, for a
 * length, the limit the text names; `translate` turns both into the text shown under the field.
 */
export type IssueMessage = { key: string; values: { minimum?: number; maximum?: number } };
export type TranslateIssue = (issue: IssueMessage) => string;

/** The first problem of `value` as a message key and its limits, or undefined when the schema accepts it. */
export function zodIssue(schema: z.ZodType, value: unknown): IssueMessage | undefined {
  const result = schema.safeParse(value ?? '');
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return issue ? issueMessage(issue) : { key: 'invalid', values: {} };
}

/** The message key alone, for forms that map keys to texts of their own (recovery, new password). */
export function zodIssueKey(schema: z.ZodType, value: unknown): string | undefined {
  return zodIssue(schema, value)?.key;
}

export function zodRule(schema: z.ZodType, translate: TranslateIssue, isRequired = true): Rule {
  return {
    // `required` here only draws the asterisk: with a validator present, antd runs the validator
    // alone, so the message never appears twice.
    required: isRequired,
    validator: async (_rule, value: unknown) => {
      const issue = zodIssue(schema, value);
      if (issue) throw new Error(translate(issue));
    },
  };
}

/** Rules for one field of an object schema: `fieldRules(loginFormSchema, 'email', t)`. */
export function fieldRules<S extends z.ZodObject, K extends keyof S['shape'] & string>(
  schema: S,
  field: K,
  translate: TranslateIssue,
  isRequired = true,
): Rule[] {
  return [zodRule(schema.shape[field] as z.ZodType, translate, isRequired)];
}

/** A checkbox that must be ticked, e.g. the terms agreement. */
export function mustBeCheckedRule(message: string): Rule {
  return {
    required: true,
    validator: async (_rule, value: unknown) => {
      if (value !== true) throw new Error(message);
    },
  };
}

/**
 * A rule for one field of a form whose schema checks fields together (the CPF only when the country
 * is BR): the whole form is turned into the schema's input with `toInput`, and the field shows the
 * first problem the schema reports at `path`. Its other fields' problems are left to their own rules.
 */
export function schemaPathRule<Values>(
  schema: z.ZodType,
  toInput: (values: Values) => unknown,
  path: readonly (string | number)[],
  translate: TranslateIssue,
  isRequired = false,
): (form: { getFieldsValue: (all: true) => Values }) => RuleObject {
  const key = path.join('.');
  return (form) => ({
    required: isRequired,
    validator: async () => {
      const result = schema.safeParse(toInput(form.getFieldsValue(true)));
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => candidate.path.join('.') === key);
      if (issue) throw new Error(translate(issueMessage(issue)));
    },
  });
}

/**
 * The message of a zod issue. Shared schemas name their problems with keys ('required',
 * 'tooLong'); a bare `.min(3)` / `.max(100)` carries zod's English sentence instead, which becomes
 * 'tooShort' / 'tooLong' here so it can be translated like the others. A length problem carries
 * its limit, so every length message names it (as the API's do).
 */
export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  const isText = 'origin' in issue && issue.origin === 'string';
  const values: IssueMessage['values'] = {};
  if (issue.code === 'too_small' && isText) values.minimum = Number(issue.minimum);
  if (issue.code === 'too_big' && isText) values.maximum = Number(issue.maximum);
  const message = issue.message ?? '';
  if (message && !/\s/.test(message)) return { key: message, values };
  if (values.minimum !== undefined) return { key: 'tooShort', values };
  if (values.maximum !== undefined) return { key: 'tooLong', values };
  return { key: 'invalid', values };
}
