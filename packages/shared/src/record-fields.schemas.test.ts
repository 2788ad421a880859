import { describe, expect, it } from 'vitest';
import { cnpjSchema, optionalCnpjSchema } from './record-fields.schemas.ts';

describe('the kit’s CNPJ field schemas', () => {
  it('keeps an optional CNPJ as its 14 characters, with or without its mask, and blank as null', () => {
    expect(optionalCnpjSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(optionalCnpjSchema.parse('11222333000181')).toBe('11222333000181');
    expect(optionalCnpjSchema.parse('   ')).toBeNull();
    expect(optionalCnpjSchema.parse(null)).toBeNull();
  });

  it('refuses an optional CNPJ with a wrong check digit, as the required one does', () => {
    const optional = optionalCnpjSchema.safeParse('11.222.333/0001-82');
    const required = cnpjSchema.safeParse('11.222.333/0001-82');
    expect(optional.success ? [] : optional.error.issues.map((issue) => issue.message)).toEqual([
      'invalidCnpj',
    ]);
    expect(required.success ? [] : required.error.issues.map((issue) => issue.message)).toEqual([
      'invalidCnpj',
    ]);
  });
});
