import { describe, expect, it } from 'vitest';
import { addressFieldPaths, addressToBody, addressToForm, emptyAddress } from './address-values.ts';

describe('the address block values', () => {
  it('shows a Brazilian CEP masked and a foreign postcode as stored', () => {
    const stored = { country: 'BR', zipcode: '01310100', street: null, city: 'São Paulo', state: 'SP' };
    expect(addressToForm(stored)).toEqual({
      country: 'BR',
      zipcode: '01310-100',
      street: '',
      state: 'SP',
      city: 'São Paulo',
    });
    expect(addressToForm({ ...stored, country: 'PT', zipcode: '1000-001' }).zipcode).toBe('1000-001');
    expect(addressToForm(null)).toEqual(emptyAddress());
  });

  it('sends no address without a country, and blank texts as null', () => {
    expect(addressToBody({ ...emptyAddress(), street: 'Rua A' })).toBeNull();
    expect(
      addressToBody({ country: 'BR', zipcode: ' 01310-100 ', street: '  ', state: 'SP', city: null }),
    ).toEqual({
      country: 'BR',
      zipcode: '01310-100',
      street: null,
      state: 'SP',
      city: null,
    });
  });

  it('names its fields under the name the form keeps it', () => {
    expect(addressFieldPaths('site')).toContainEqual(['site', 'zipcode']);
  });
});
