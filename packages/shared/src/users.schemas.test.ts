import { describe, expect, it } from 'vitest';
import { isAtLeastYearsOld, userBodySchema } from './users.schemas.ts';

const valid = {
  email: 'ana.souza@exemplo.com.br',
  nome: 'Ana Souza',
  cpf: '529.982.247-25',
  document: null,
  ativo: true,
  profile: 'OPERADOR',
  birthday: '1990-05-17',
  genre: 'F',
  address: {
    country: 'BR',
    zipcode: '01310-100',
    street: 'Avenida Paulista, 1000',
    city: 'São Paulo',
    state: 'SP',
  },
};

const issues = (body: object) => {
  const result = userBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('userBodySchema', () => {
  it('accepts a complete Brazilian user', () => {
    expect(issues(valid)).toEqual([]);
  });

  it('checks CPF and CEP only for Brazil', () => {
    expect(issues({ ...valid, cpf: '529.982.247-24' })).toEqual(['cpf:invalidCpf']);
    expect(issues({ ...valid, cpf: '11.222.333/0001-80' })).toEqual(['cpf:invalidCnpj']);
    expect(issues({ ...valid, address: { ...valid.address, zipcode: '0131' } })).toEqual([
      'address.zipcode:invalidCep',
    ]);
    const abroad = {
      ...valid,
      cpf: null,
      address: { country: 'PT', zipcode: '1000-001', street: null, city: null, state: null },
    };
    expect(issues(abroad)).toEqual([]);
  });

  it('refuses a CPF/CNPJ without a Brazilian address instead of dropping it', () => {
    const portugal = { country: 'PT', zipcode: null, street: null, city: null, state: null };
    expect(issues({ ...valid, cpf: '123', address: portugal })).toEqual(['cpf:cpfOnlyForBrazil']);
    expect(issues({ ...valid, address: null })).toEqual(['cpf:cpfOnlyForBrazil']);
    expect(issues({ ...valid, cpf: '', address: null })).toEqual([]);
  });

  it('takes only the countries of the product’s list, in any case', () => {
    const address = (country: string) => ({ ...valid, cpf: null, address: { ...valid.address, country } });
    expect(issues(address('ZZ'))).toEqual(['address.country:invalidCountry']);
    expect(issues(address('B'))).toEqual(['address.country:invalidCountry']);
    expect(userBodySchema.parse(address(' pt ')).address?.country).toBe('PT');
  });

  it('takes birthdays on days that exist only', () => {
    for (const birthday of [
      '2001-02-29',
      '2001-02-30',
      '1900-02-29',
      '2001-13-01',
      '0000-01-01',
      '2001-2-3',
    ]) {
      expect(issues({ ...valid, birthday }), birthday).toEqual(['birthday:invalidDate']);
    }
    expect(userBodySchema.parse({ ...valid, birthday: '2000-02-29' }).birthday).toBe('2000-02-29');
    expect(userBodySchema.parse({ ...valid, birthday: '1990-05-17T03:00:00.000Z' }).birthday).toBe(
      '1990-05-17',
    );
  });

  it('accepts no address at all', () => {
    expect(issues({ ...valid, cpf: null, address: null })).toEqual([]);
  });

  it('applies the name rule: 3 characters once digits and spaces are gone', () => {
    expect(issues({ ...valid, nome: 'A1 B2' })).toEqual(['nome:personName']);
    expect(issues({ ...valid, nome: 'Abc 123' })).toEqual([]);
    expect(issues({ ...valid, nome: 'x'.repeat(201) })).toEqual(['nome:tooLong']);
  });

  it('applies the length limits', () => {
    expect(issues({ ...valid, document: 'X'.repeat(15) })).toEqual(['document:tooLong']);
    expect(issues({ ...valid, address: { ...valid.address, street: 'R'.repeat(201) } })).toEqual([
      'address.street:tooLong',
    ]);
    expect(issues({ ...valid, email: `${'a'.repeat(195)}@x.com` })).toEqual(['email:tooLong']);
  });

  it('refuses unknown genres and fields', () => {
    expect(issues({ ...valid, genre: 'X' })).toEqual(['genre:invalidOption']);
    expect(issues({ ...valid, role: 'admin' })).toHaveLength(1);
  });

  it('requires people to be at least 12 years old, empty allowed', () => {
    expect(issues({ ...valid, birthday: '' })).toEqual([]);
    const elevenYearsAgo = new Date();
    elevenYearsAgo.setUTCFullYear(elevenYearsAgo.getUTCFullYear() - 11);
    expect(issues({ ...valid, birthday: elevenYearsAgo.toISOString().slice(0, 10) })).toEqual([
      'birthday:birthday',
    ]);
  });
});

describe('isAtLeastYearsOld', () => {
  const today = new Date(Date.UTC(2026, 10, 21));
  it('counts the birthday itself', () => {
    expect(isAtLeastYearsOld('2014-11-21', 12, today)).toBe(true);
    expect(isAtLeastYearsOld('2014-11-22', 12, today)).toBe(false);
  });
});
