import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatBrazilianPhone, isValidBrazilianPhone, withCnpjCheckDigits } from './br-documents.ts';
import { ErrorCode } from './error-codes.ts';
import { locationActionRefusal, locationRowActions } from './locations.rules.ts';
import { locationBodySchema } from './locations.schemas.ts';
import { organizationActionRefusal, organizationRowActions } from './organizations.rules.ts';
import { organizationBodySchema } from './organizations.schemas.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from './time-zones.ts';

const issues = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

const address = {
  country: 'BR',
  zipcode: '01310-100',
  street: 'Av. Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
};
const organization = {
  name: 'Aroma Lojas',
  legalName: 'Aroma Comércio de Fragrâncias Ltda',
  cnpj: '11.222.333/0001-81',
  contactName: 'Ana Souza',
  contactEmail: 'ana@aroma.com.br',
  phone: '(11) 91234-5678',
  address,
  note: '',
};

describe('Brazilian phones', () => {
  it.each(['(11) 91234-5678', '11912345678', '+55 11 91234-5678', '(21) 3123-4567', '(61) 2101-0000'])(
    'accepts %s',
    (phone) => {
      expect(isValidBrazilianPhone(phone)).toBe(true);
    },
  );

  it.each([
    ['an unknown area code', '(20) 91234-5678'],
    ['a mobile without its leading 9', '(11) 81234-5678'],
    ['a landline starting with 9', '(11) 9123-4567'],
    ['too few digits', '(11) 1234-567'],
    ['too many digits', '(11) 912345-67890'],
    ['no area code', '91234-5678'],
  ])('refuses %s', (_, phone) => {
    expect(isValidBrazilianPhone(phone)).toBe(false);
  });

  it('formats mobiles and landlines', () => {
    expect(formatBrazilianPhone('11912345678')).toBe('(11) 91234-5678');
    expect(formatBrazilianPhone('2131234567')).toBe('(21) 3123-4567');
  });
});

describe('the organisation body', () => {
  it('keeps the CNPJ and the phone without their masks, empty texts as null', () => {
    const body = organizationBodySchema.parse(organization);
    expect(body.cnpj).toBe('11222333000181');
    expect(body.phone).toBe('11912345678');
    expect(body.note).toBeNull();
  });

  it('accepts an alphanumeric CNPJ typed in lower case and keeps it upper-cased', () => {
    const cnpj = withCnpjCheckDigits('12ABC34501DE');
    expect(organizationBodySchema.parse({ ...organization, cnpj: cnpj.toLowerCase() }).cnpj).toBe(cnpj);
  });

  it('names each field at fault', () => {
    expect(
      issues(organizationBodySchema, {
        ...organization,
        cnpj: '11.222.333/0001-80',
        contactEmail: 'ana@',
        phone: '(11) 1234',
        address: { ...address, zipcode: '0131' },
      }),
    ).toEqual([
      'cnpj:invalidCnpj',
      'contactEmail:invalidEmail',
      'phone:invalidPhone',
      'address.zipcode:invalidCep',
    ]);
  });

  it('requires the CNPJ and the address', () => {
    const { cnpj: _cnpj, address: _address, ...rest } = organization;
    expect(issues(organizationBodySchema, rest)).toEqual([
      'cnpj:Invalid input: expected string, received undefined',
      'address:Invalid input: expected object, received undefined',
    ]);
  });
});

describe('the location body', () => {
  const location = { organizationId: 1, name: 'Loja Paulista', address, note: null };

  it('is in São Paulo time unless told otherwise', () => {
    expect(locationBodySchema.parse(location).timeZone).toBe(DEFAULT_TIME_ZONE);
    expect(locationBodySchema.parse({ ...location, timeZone: 'America/Manaus' }).timeZone).toBe(
      'America/Manaus',
    );
  });

  it('refuses an unknown time zone and an address without a city', () => {
    expect(
      issues(locationBodySchema, {
        ...location,
        timeZone: 'Mars/Olympus',
        address: { ...address, city: '' },
      }),
    ).toEqual(['timeZone:invalidTimeZone', 'address.city:required']);
  });

  it("knows the IANA names, Brazil's among them", () => {
    expect(TIME_ZONES.length).toBeGreaterThan(400);
    expect(isKnownTimeZone('America/Noronha')).toBe(true);
    expect(isKnownTimeZone('america/sao_paulo')).toBe(false);
  });
});

describe('organisation and location row actions', () => {
  it('an organisation with active locations stays active; one with any location is not deleted', () => {
    const withActive = { isActive: true, activeLocationCount: 2, locationCount: 2 };
    expect(organizationRowActions(withActive)).toEqual(['edit']);
    expect(organizationActionRefusal(withActive, 'toggle')).toBe(ErrorCode.ORGANIZATION_HAS_LOCATIONS);
    const inactiveWithLocations = { isActive: false, activeLocationCount: 0, locationCount: 1 };
    expect(organizationRowActions(inactiveWithLocations)).toEqual(['toggle']);
    expect(organizationActionRefusal(inactiveWithLocations, 'delete')).toBe(
      ErrorCode.ORGANIZATION_HAS_LOCATIONS,
    );
    expect(organizationRowActions({ isActive: false, activeLocationCount: 0, locationCount: 0 })).toEqual([
      'toggle',
      'delete',
    ]);
  });

  it('a location of an inactive organisation is not reactivated', () => {
    expect(locationRowActions({ isActive: false, isOrganizationActive: false })).toEqual(['delete']);
    expect(locationActionRefusal({ isActive: false, isOrganizationActive: false }, 'toggle')).toBe(
      ErrorCode.ORGANIZATION_INACTIVE,
    );
    expect(locationRowActions({ isActive: true, isOrganizationActive: true })).toEqual(['toggle', 'edit']);
  });
});
