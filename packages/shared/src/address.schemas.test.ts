import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ADDRESS_REQUIRED_FIELDS,
  addAddressIssues,
  addressPartSchema,
  addressSchema,
} from './address.schemas.ts';

const issues = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

const brazil = {
  country: 'BR',
  zipcode: '01310-100',
  street: 'Av. Paulista',
  city: 'São Paulo',
  state: 'SP',
};

describe('the shared address', () => {
  it('refuses a Brazilian CEP with the wrong shape, and only in Brazil', () => {
    expect(issues(addressPartSchema, { address: brazil })).toEqual([]);
    expect(issues(addressPartSchema, { address: { ...brazil, zipcode: '0131' } })).toEqual([
      'address.zipcode:invalidCep',
    ]);
    expect(issues(addressPartSchema, { address: { ...brazil, country: 'PT', zipcode: '1000-001' } })).toEqual(
      [],
    );
    expect(issues(addressPartSchema, { address: null })).toEqual([]);
  });

  it('serves any body: the CEP issue lands where that body keeps its address', () => {
    const siteSchema = z
      .strictObject({ name: z.string(), site: addressSchema })
      .superRefine((body, ctx) => addAddressIssues(body.site, ctx, ['site']));
    expect(issues(siteSchema, { name: 'Loja', site: { ...brazil, zipcode: '99999' } })).toEqual([
      'site.zipcode:invalidCep',
    ]);
  });
});

describe('ADDRESS_REQUIRED_FIELDS', () => {
  it('names the fields the address rule itself requires: the country only', () => {
    expect(ADDRESS_REQUIRED_FIELDS).toEqual(['country']);
  });
});
