import { describe, expect, it } from 'vitest';
import { emptyAddress } from '../address-block/address-values.ts';
import { formFieldPaths } from './form-field-paths.ts';

describe('formFieldPaths', () => {
  it('names each field, an address block by its fields and another group as one field', () => {
    const values = {
      name: '',
      address: emptyAddress('BR'),
      translations: { 'pt-BR': '', 'en-US': '' },
      note: '',
    };
    expect(formFieldPaths(values)).toEqual([
      ['name'],
      ['address', 'country'],
      ['address', 'zipcode'],
      ['address', 'street'],
      ['address', 'state'],
      ['address', 'city'],
      ['translations'],
      ['note'],
    ]);
  });
});
