import { type OrganizationRow, organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { describe, expect, it } from 'vitest';
import { maskBrazilianPhone, maskCnpj } from '../../lib/input-masks.ts';
import {
  emptyOrganizationForm,
  organizationFormToBody,
  organizationToForm,
} from './organization-form-values.ts';

const ROW: OrganizationRow = {
  organizationId: 3,
  name: 'Aroma Lojas',
  legalName: 'Aroma Lojas de Perfumaria Ltda.',
  cnpj: '12ABC34501DE35',
  contactName: 'Marta Reis',
  contactEmail: 'marta@aroma.test',
  phone: '11912345678',
  address: { zipcode: '01310100', street: 'Av. Paulista', city: 'São Paulo', state: 'SP', country: 'BR' },
  note: null,
  activeLocationCount: 2,
  locationCount: 3,
  ativo: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};

describe('organisation form values', () => {
  it('shows a loaded organisation with the CNPJ, phone and CEP masks', () => {
    const form = organizationToForm(ROW);
    expect(form.cnpj).toBe('12.ABC.345/01DE-35');
    expect(form.phone).toBe('(11) 91234-5678');
    expect(form.address.zipcode).toBe('01310-100');
    expect(form.note).toBe('');
  });

  it('gives back a body the shared schema accepts, which stores what was loaded', () => {
    const body = organizationFormToBody(organizationToForm(ROW));
    const parsed = organizationBodySchema.parse(body);
    expect(parsed).toEqual({
      name: ROW.name,
      legalName: ROW.legalName,
      cnpj: ROW.cnpj,
      contactName: ROW.contactName,
      contactEmail: ROW.contactEmail,
      phone: ROW.phone,
      address: { ...ROW.address, zipcode: '01310-100' },
      note: null,
    });
  });

  it('starts in Brazil, sends blank optional texts as null and lets the schema judge CNPJ and phone', () => {
    const values = {
      ...emptyOrganizationForm(),
      name: ' Nova ',
      legalName: 'Nova Ltda',
      cnpj: '12.345.678/0001-00',
      phone: '(11) 1234-5678',
      contactName: '  ',
    };
    const body = organizationFormToBody(values);
    expect(body).toMatchObject({ name: 'Nova', contactName: null, contactEmail: null, note: null });
    expect(body.address).toMatchObject({ country: 'BR' });
    const issues = organizationBodySchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['cnpj', 'invalidCnpj'],
      ['phone', 'invalidPhone'],
    ]);
  });

  it('sends an address without a country as one the schema refuses', () => {
    const values = {
      ...emptyOrganizationForm(),
      address: { ...emptyOrganizationForm().address, country: null },
    };
    const issues = organizationBodySchema.safeParse(organizationFormToBody(values)).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toContain('address.country');
  });
});

describe('masks as typed', () => {
  it('masks a numeric and an alphanumeric CNPJ, upper-cased, as far as typed', () => {
    expect(maskCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12.345')).toBe('12.345');
    expect(maskCnpj('123456')).toBe('12.345.6');
    expect(maskCnpj('12345678000195999')).toBe('12.345.678/0001-95');
  });

  it('masks mobiles and landlines with the area code', () => {
    expect(maskBrazilianPhone('11912345678')).toBe('(11) 91234-5678');
    expect(maskBrazilianPhone('1131234567')).toBe('(11) 3123-4567');
    expect(maskBrazilianPhone('+55 11 3123-4567')).toBe('(11) 3123-4567');
    expect(maskBrazilianPhone('1')).toBe('(1');
    expect(maskBrazilianPhone('113')).toBe('(11) 3');
    expect(maskBrazilianPhone('(11) 3123')).toBe('(11) 3123');
    expect(maskBrazilianPhone('')).toBe('');
  });
});
