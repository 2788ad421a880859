import { describe, expect, it } from 'vitest';
import { mapServerFields, toFieldPath } from './server-field-errors.ts';

const FORM_FIELDS = [['nome'], ['email'], ['cpf'], ['address', 'zipcode'], ['address', 'country']];

describe('server field errors onto form fields', () => {
  it('splits dotted paths, numeric segments as indexes', () => {
    expect(toFieldPath('address.zipcode')).toEqual(['address', 'zipcode']);
    expect(toFieldPath('translations.1.name')).toEqual(['translations', 1, 'name']);
  });

  it('places each message under its field and joins repeated ones', () => {
    const { placed, unplaced } = mapServerFields(
      [
        { path: 'address.zipcode', message: 'CEP inválido' },
        { path: 'cpf', message: 'CPF Inválido' },
        { path: 'cpf', message: 'Texto longo demais' },
        { path: 'cpf', message: 'CPF Inválido' },
      ],
      FORM_FIELDS,
    );
    expect(placed).toEqual([
      { name: ['address', 'zipcode'], errors: ['CEP inválido'] },
      { name: ['cpf'], errors: ['CPF Inválido', 'Texto longo demais'] },
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
