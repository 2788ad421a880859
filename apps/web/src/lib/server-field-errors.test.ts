import { describe, expect, it } from 'vitest';
import { mapServerFields, toFieldPath } from './server-field-errors.ts';

const FORM_FIELDS = [['nome'], ['email'], ['cpf'], ['address', 'zipcode'], ['address', 'country']];

describe('server field errors onto form fields', () => {
  it('splits dotted paths, numeric segments as indexes', () => {
    expect(toFieldPath('address.zipcode')).toEqual(['address', 'zipcode']);
    expect(toFieldPath('translations.1.name')).toEqual(['translations', 1, 'name']);
  });

  it("places each field's first message under it, and only that one", () => {
    const { placed, unplaced } = mapServerFields(
      [
        { path: 'address.zipcode', message: 'CEP inválido' },
        // An emptied e-mail, as the API's schema reports it: required, and so not an e-mail either.
        { path: 'email', message: 'Campo obrigatório.' },
        { path: 'email', message: 'E-mail inválido.' },
        { path: 'cpf', message: 'CPF Inválido' },
        { path: 'cpf', message: 'CPF Inválido' },
      ],
      FORM_FIELDS,
    );
    expect(placed).toEqual([
      { name: ['address', 'zipcode'], errors: ['CEP inválido'] },
      { name: ['email'], errors: ['Campo obrigatório.'] },
      { name: ['cpf'], errors: ['CPF Inválido'] },
    ]);
    expect(unplaced).toEqual([]);
  });

  it('sends a deeper path to the nearest field shown, and unknown ones back to the caller', () => {
    const { placed, unplaced } = mapServerFields(
      [
        { path: 'email.domain', message: 'bad domain' },
        { path: 'ativo', message: 'not allowed' },
        { path: 'address', message: 'Campo inválido' },
      ],
      FORM_FIELDS,
    );
    expect(placed).toEqual([{ name: ['email'], errors: ['bad domain'] }]);
    expect(unplaced).toEqual(['not allowed', 'Campo inválido']);
  });

  it('accepts a missing fields list', () => {
    expect(mapServerFields(undefined, FORM_FIELDS)).toEqual({ placed: [], unplaced: [] });
  });
});
