import { loginFormSchema } from '@scentia/shared/auth.schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldRules,
  type IssueMessage,
  issueMessage,
  mustBeCheckedRule,
  schemaPathRule,
  zodIssue,
  zodIssueKey,
} from './form-rules.ts';

const translate = ({ key, values }: IssueMessage) =>
  `t:${key}${values.maximum === undefined ? '' : `<=${values.maximum}`}${values.minimum === undefined ? '' : `>=${values.minimum}`}`;

async function validate(rule: ReturnType<typeof fieldRules>[number] | undefined, value: unknown) {
  if (!rule || typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form rules from zod schemas', () => {
  const [email] = fieldRules(loginFormSchema, 'email', translate);
  const [password] = fieldRules(loginFormSchema, 'password', translate);

  it('reports the schema message key, translated', async () => {
    expect(await validate(email, '')).toBe('t:required>=1');
    expect(await validate(email, undefined)).toBe('t:required>=1');
    expect(await validate(email, 'not-an-email')).toBe('t:invalidEmail');
    expect(await validate(email, `${'a'.repeat(200)}@x.com`)).toBe('t:tooLong<=200');
    expect(await validate(password, '')).toBe('t:required>=1');
  });

  it('accepts valid values and marks the field as required', async () => {
    expect(await validate(email, 'admin@scentia.test')).toBeUndefined();
    expect(await validate(password, 'x')).toBeUndefined();
    expect(typeof email === 'object' && email.required).toBe(true);
  });

  it('zodIssueKey gives the first message key, or undefined when valid', () => {
    expect(zodIssueKey(loginFormSchema.shape.email, 'x@')).toBe('invalidEmail');
    expect(zodIssueKey(loginFormSchema.shape.email, '  ')).toBe('required');
    expect(zodIssueKey(loginFormSchema.shape.email, 'ana@scentia.test')).toBeUndefined();
  });

  it('a must-be-checked rule only passes for true', async () => {
    const rule = mustBeCheckedRule('agree');
    expect(await validate(rule, false)).toBe('agree');
    expect(await validate(rule, undefined)).toBe('agree');
    expect(await validate(rule, true)).toBeUndefined();
  });
});

describe('rules from a whole-form schema', () => {
  const schema = z.object({ country: z.string(), cpf: z.string() }).superRefine((value, ctx) => {
    if (value.country === 'BR' && value.cpf.length !== 11) {
      ctx.addIssue({ code: 'custom', path: ['cpf'], message: 'invalidCpf' });
    }
  });
  type Values = { country: string; cpf: string };
  const ruleFor = (values: Values) =>
    schemaPathRule<Values>(schema, (all) => all, ['cpf'], translate)({ getFieldsValue: () => values });

  it('reports the issue at the field path, judged with the other fields', async () => {
    expect(await validate(ruleFor({ country: 'BR', cpf: '123' }), undefined)).toBe('t:invalidCpf');
    expect(await validate(ruleFor({ country: 'PT', cpf: '123' }), undefined)).toBeUndefined();
    expect(await validate(ruleFor({ country: 'BR', cpf: '12345678901' }), undefined)).toBeUndefined();
  });
});

describe('issueMessage', () => {
  const issueOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (result.success) throw new Error('expected a problem');
    const [issue] = result.error.issues;
    if (!issue) throw new Error('expected an issue');
    return issue;
  };

  it('keeps the key a shared schema names', () => {
    expect(issueMessage(issueOf(z.string().min(1, { error: 'required' }), '')).key).toBe('required');
  });

  it("turns zod's own length sentences into translatable keys that carry their limit", () => {
    expect(issueMessage(issueOf(z.string().min(3), 'ab'))).toEqual({
      key: 'tooShort',
      values: { minimum: 3 },
    });
    expect(issueMessage(issueOf(z.string().max(2), 'abc'))).toEqual({
      key: 'tooLong',
      values: { maximum: 2 },
    });
    expect(issueMessage(issueOf(z.number(), 'x'))).toEqual({ key: 'invalid', values: {} });
  });

  it('keeps the limit beside a key a shared schema names', () => {
    expect(issueMessage(issueOf(z.string().max(200, { error: 'tooLong' }), 'a'.repeat(201)))).toEqual({
      key: 'tooLong',
      values: { maximum: 200 },
    });
  });
});

describe('zodIssue with bare zod lengths', () => {
  it('reports tooShort with its minimum for a catalog-style name rule', () => {
    expect(zodIssue(z.string().trim().min(1, { error: 'required' }).min(3), 'ab')).toEqual({
      key: 'tooShort',
      values: { minimum: 3 },
    });
    expect(zodIssueKey(z.string().trim().min(1, { error: 'required' }).min(3), '  ')).toBe('required');
  });
});
