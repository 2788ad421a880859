import { describe, expect, it } from 'vitest';
import {
  addressFieldPaths,
  addressToBody,
  addressToForm,
  emptyAddress,
  optionalAddress,
  requiredAddress,
} from './address-values.ts';

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

  it('gives a required address in one piece: Brazil first, an empty country sent, the block marked', () => {
    const site = requiredAddress({ required: ['city'] });
    expect(site.empty()).toEqual(emptyAddress('BR'));
    expect(site.toBody({ ...emptyAddress(), city: 'Recife' })).toEqual({
      country: '',
      zipcode: null,
      street: null,
      state: null,
      city: null,
    });
    expect(site.toBody(site.empty())?.country).toBe('BR');
    expect(site.fieldPaths).toEqual(addressFieldPaths());
    expect(site.block).toEqual({ isRequired: true, required: ['city'] });
    expect(requiredAddress().block.required).toEqual([]);
  });
});

describe('optionalAddress', () => {
  it('starts without a country, sends no address until one is chosen and marks nothing required', () => {
    const address = optionalAddress();
    expect(address.empty().country).toBeNull();
    expect(address.toBody(address.empty())).toBeNull();
    expect(address.toBody({ ...address.empty(), country: 'BR', city: ' Recife ' })).toMatchObject({
      country: 'BR',
      city: 'Recife',
    });
    expect(address.toForm(null)).toEqual(address.empty());
    expect(address.block).toEqual({ isRequired: false, required: [] });
  });
});
