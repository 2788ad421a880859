import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cnpjSchema,
  kitFields,
  kitRowFieldSchemas,
  noteSchema,
  optionalCnpjSchema,
  optionalEmailSchema,
  recordBodySchema,
  recordNameSchema,
} from './record-fields.schemas.ts';

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

describe('kitFields', () => {
  const kit = kitFields({ name: 'name', cnpj: 'cnpj', contactEmail: 'email', note: 'note' });

  it('gives the body the kit schema of each declared kind, under the declared field', () => {
    expect(kit.body).toEqual({
      name: recordNameSchema,
      cnpj: cnpjSchema,
      contactEmail: optionalEmailSchema,
      note: noteSchema,
    });
  });

  it("gives the row each field's row form: a CNPJ required, an e-mail and a note nullable", () => {
    const row = z.object(kit.row);
    expect(row.safeParse({ name: 'A', cnpj: '11222333000181', contactEmail: null, note: null }).success).toBe(
      true,
    );
    expect(row.safeParse({ name: 'A', cnpj: null, contactEmail: null, note: null }).success).toBe(false);
    expect(kit.row.contactEmail).toBe(kitRowFieldSchemas.email);
  });
});

describe('an optional address (the `optionalAddress` kind)', () => {
  const kit = kitFields({ name: 'name', address: 'optionalAddress' });
  const body = recordBodySchema(kit.body);

  it('is none (null) when left out or null, and the row answers it nullable', () => {
    expect(body.parse({ name: 'Ana' }).address).toBeNull();
    expect(body.parse({ name: 'Ana', address: null }).address).toBeNull();
    expect(z.object(kit.row).safeParse({ name: 'Ana', address: null }).success).toBe(true);
  });

  it("checks the address's own rules when it is given (a CEP in Brazil)", () => {
    const given = body.safeParse({ name: 'Ana', address: { country: 'BR', zipcode: '123' } });
    expect(
      given.success ? [] : given.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([['address.zipcode', 'invalidCep']]);
    expect(
      body.parse({ name: 'Ana', address: { country: 'BR', zipcode: '01310-100' } }).address,
    ).toMatchObject({
      country: 'BR',
      zipcode: '01310-100',
    });
  });
});
