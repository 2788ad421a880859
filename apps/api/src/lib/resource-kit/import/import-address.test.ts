import { describe, expect, it } from 'vitest';
import { addressImport } from './import-address.ts';
import type { ImportRow } from './import-declaration.ts';

const row = (values: Record<string, string | null>): ImportRow => ({ row: 2, values, refusedColumns: [] });

// A CEP the lookup knows without a city, as some rural CEPs answer.
const postcodes = {
  lookup: async (digits: string) =>
    digits === '01310100'
      ? {
          cep: '01310-100',
          uf: 'SP',
          localidade: null,
          logradouro: 'Av. Paulista',
          bairro: null,
          source: 'viacep' as const,
        }
      : undefined,
};

describe('the kit’s address import', () => {
  it('gives the five columns, the row’s address (Brazil without a country) and no prefill without a lookup', async () => {
    const address = addressImport();
    expect(address.columns.map((column) => column.key)).toEqual([
      'zipcode',
      'street',
      'city',
      'state',
      'country',
    ]);
    expect(address.columns.find((column) => column.key === 'city')?.isRequired).toBe(false);
    expect(address.input({ city: 'Recife' })).toEqual({
      country: 'BR',
      zipcode: null,
      street: null,
      city: 'Recife',
      state: null,
    });
    const unfilled = row({ zipcode: '01310-100', city: null });
    expect(await address.prefill([unfilled])).toEqual([]);
    expect(unfilled.values.city).toBeNull();
    expect(addressImport({ isOptional: true }).input({})).toBeNull();
  });

  it('requires the city once: its column, and a CEP that cannot give it is refused in it', async () => {
    const address = addressImport({ isCityRequired: true });
    expect(address.columns.find((column) => column.key === 'city')?.isRequired).toBe(true);
    const filled = row({ zipcode: '01310-100', street: null, city: null, state: null, country: null });
    const refusals = await address.prefill([filled], postcodes);
    expect(filled.values).toMatchObject({ street: 'Av. Paulista', state: 'SP' });
    expect(refusals).toEqual([expect.objectContaining({ column: 'city', code: 'postcodeIncomplete' })]);
    const optionalCity = row({ zipcode: '01310-100', city: null });
    expect(await addressImport().prefill([optionalCity], postcodes)).toEqual([]);
  });
});
