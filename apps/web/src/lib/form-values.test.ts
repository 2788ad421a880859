import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { hasChanges } from './form-values.ts';

describe('unsaved changes', () => {
  it('sees no change in an untouched form, or one typed and erased again', () => {
    expect(hasChanges({ nome: 'Ana', cpf: '' }, { nome: 'Ana', cpf: null, id: 7 })).toBe(false);
    expect(hasChanges({ nome: undefined, address: { city: '' } }, { nome: null })).toBe(false);
  });

  it('sees an edited field, a nested one and a changed date', () => {
    expect(hasChanges({ nome: 'Ana Maria' }, { nome: 'Ana' })).toBe(true);
    expect(hasChanges({ address: { city: 'Campinas' } }, { address: { city: 'Santos' } })).toBe(true);
    expect(hasChanges({ birthday: dayjs('2000-01-02') }, { birthday: dayjs('2000-01-01') })).toBe(true);
    expect(hasChanges({ birthday: dayjs('2000-01-01') }, { birthday: dayjs('2000-01-01') })).toBe(false);
  });

  it('sees a value typed into an empty create form', () => {
    expect(hasChanges({ nome: 'A', email: '' }, {})).toBe(true);
    expect(hasChanges({ genre: 'F' }, { genre: null })).toBe(true);
  });
});
