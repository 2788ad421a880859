import { type LocationRow, locationBodySchema } from '@scentia/shared/locations.schemas';
import { describe, expect, it } from 'vitest';
import { emptyLocationForm, locationFormToBody, locationToForm } from './location-form-values.ts';

const ROW: LocationRow = {
  locationId: 9,
  organizationId: 3,
  organization: { name: 'Aroma Lojas', ativo: true },
  name: 'Loja Paulista',
  address: {
    zipcode: '01310100',
    street: 'Av. Paulista, 1000',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
  },
  timeZone: 'America/Manaus',
  note: 'Segundo piso',
  schedule: { ranges: [] },
  ativo: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};

describe('location form values', () => {
  it('loads a location and gives back a body the shared schema accepts, which stores what was loaded', () => {
    const values = locationToForm(ROW);
    expect(values).toMatchObject({ organizationId: '3', timeZone: 'America/Manaus' });
    expect(values.address.zipcode).toBe('01310-100');
    expect(locationBodySchema.parse(locationFormToBody(values))).toEqual({
      organizationId: 3,
      name: 'Loja Paulista',
      address: { ...ROW.address, zipcode: '01310-100' },
      timeZone: 'America/Manaus',
      note: 'Segundo piso',
    });
  });

  it('starts in Brazil and São Paulo, with the organisation a link names', () => {
    expect(emptyLocationForm()).toMatchObject({
      organizationId: null,
      timeZone: 'America/Sao_Paulo',
      address: { country: 'BR' },
    });
    expect(emptyLocationForm(new URLSearchParams('organizationId=12')).organizationId).toBe('12');
    expect(emptyLocationForm(new URLSearchParams('organizationId=1x')).organizationId).toBeNull();
    expect(emptyLocationForm(new URLSearchParams('organizationId=0')).organizationId).toBeNull();
  });

  it('lets the schema require the city and refuse an unknown time zone', () => {
    const values = {
      ...emptyLocationForm(new URLSearchParams('organizationId=3')),
      name: 'Quiosque',
      timeZone: 'Mars/Olympus',
    };
    const issues = locationBodySchema.safeParse(locationFormToBody(values)).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['timeZone', 'invalidTimeZone'],
      ['address.city', 'required'],
    ]);
  });
});
