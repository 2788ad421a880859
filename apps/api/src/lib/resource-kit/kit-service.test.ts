import { describe, expect, it } from 'vitest';
import { kitValues } from './kit-service.ts';

type Body = {
  name: string;
  note: string | null;
  address: {
    country: string;
    zipcode: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
  } | null;
  updatedAt?: string;
};

describe('kitValues', () => {
  const values = kitValues<Body>();

  it('writes the body’s fields as the columns of their names, the address as its block and no version', () => {
    const address = { country: 'BR', zipcode: '50030230', street: 'Rua A', city: 'Recife', state: 'PE' };
    expect(values({ name: 'Norte', note: null, address, updatedAt: '2026-01-01T00:00:00.000Z' })).toEqual({
      name: 'Norte',
      note: null,
      ...address,
    });
  });

  it('writes an optional address left out as no address (every column null)', () => {
    expect(values({ name: 'Sul', note: 'x', address: null })).toEqual({
      name: 'Sul',
      note: 'x',
      country: null,
      zipcode: null,
      street: null,
      city: null,
      state: null,
    });
  });
});
