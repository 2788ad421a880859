// Type-only: the login page uses zodIssueKey without pulling Ant Design's Form into its bundle.
import type { Rule, RuleObject } from 'antd/es/form';
import type { z } from 'zod';

/**
 * Turns a zod schema from packages/shared into antd Form rules, so a field is validated by the
 * very rule the API enforces. Schemas report message keys ('required', 'tooLong', ...); `translate`
 * turns a key into the text shown under the field.
 */
export type TranslateIssue = (key: string) => string;

/** The message key of the first problem of `value`, or undefined when the schema accepts it. */
export function zodIssueKey(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value ?? '');
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return issue ? issueMessageKey(issue) : 'invalid';
}

export function zodRule(schema: z.ZodType, translate: TranslateIssue, isRequired = true): Rule {
  return {
    // `required` here only draws the asterisk: with a validator present, antd runs the validator
    // alone, so the message never appears twice.
    required: isRequired,
    validator: async (_rule, value: unknown) => {
      const key = zodIssueKey(schema, value);
      if (key) throw new Error(translate(key));
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
      if (issue) throw new Error(translate(issueMessageKey(issue)));
    },
  });
}

/**
 * The message key of a zod issue. Shared schemas name their problems with keys ('required',
 * 'tooLong'); a bare `.min(3)` / `.max(100)` carries zod's English sentence instead, which becomes
 * 'tooShort3' / 'tooLong' here so it can be translated like the others.
 */
export function issueMessageKey(issue: z.core.$ZodIssue): string {
  const message = issue.message ?? '';
  if (message && !/\s/.test(message)) return message;
  if (issue.code === 'too_small' && issue.origin === 'string') return `tooShort${String(issue.minimum)}`;
  if (issue.code === 'too_big' && issue.origin === 'string') return 'tooLong';
  return 'invalid';
}
