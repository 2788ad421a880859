import { kitFields } from '@scentia/shared/record-fields.schemas';
import { describe, expect, it } from 'vitest';
import { optionalAddress } from '../address-block/address-values.ts';
import {
  cnpjField,
  formValues,
  kitFormValues,
  optionalCnpjField,
  optionalPhoneField,
  optionalTextField,
  requiredTextField,
} from './form-values.ts';

const SUPPLIER_FORM = formValues({
  name: requiredTextField,
  cnpj: cnpjField,
  taxId: optionalCnpjField,
  phone: optionalPhoneField,
  note: optionalTextField,
  address: optionalAddress(),
});

describe('formValues', () => {
  it('starts a new form with each kind’s empty value', () => {
    expect(SUPPLIER_FORM.empty()).toEqual({
      name: '',
      cnpj: '',
      taxId: '',
      phone: '',
      note: '',
      address: { country: null, zipcode: '', street: '', state: null, city: null },
    });
  });

  it('shows a row’s CNPJ and phone with their masks, and an absent value as empty', () => {
    const values = SUPPLIER_FORM.toForm({
      name: 'Essências Sul',
      cnpj: '11222333000181',
      taxId: null,
      phone: '11912345678',
      note: null,
      address: null,
    });
    expect(values).toMatchObject({
      cnpj: '11.222.333/0001-81',
      taxId: '',
      phone: '(11) 91234-5678',
      note: '',
    });
  });

  it('sends texts trimmed, blank optional ones as null, and the version the edit was opened with', () => {
    const values = {
      ...SUPPLIER_FORM.empty(),
      name: '  Essências Sul ',
      cnpj: '11.222.333/0001-81',
      note: '  ',
    };
    expect(SUPPLIER_FORM.toBody(values)).toEqual({
      name: 'Essências Sul',
      cnpj: '11.222.333/0001-81',
      taxId: null,
      phone: null,
      note: null,
      address: null,
    });
    expect(SUPPLIER_FORM.toBody(values, { updatedAt: '2026-11-29T10:00:00.000Z' }).updatedAt).toBe(
      '2026-11-29T10:00:00.000Z',
    );
  });
});

const SUPPLIER_KIT = kitFields({
  name: 'name',
  cnpj: 'cnpj',
  contactEmail: 'email',
  phone: 'phone',
  address: 'address',
  note: 'note',
});

describe('kitFormValues', () => {
  it('gives each field the converter of the kind the shared schemas declare it with', () => {
    const form = kitFormValues(SUPPLIER_KIT);
    expect(form.kinds).toBe(SUPPLIER_KIT.kinds);
    expect(form.empty()).toEqual({
      name: '',
      cnpj: '',
      contactEmail: '',
      phone: '',
      address: { country: 'BR', zipcode: '', street: '', state: null, city: null },
      note: '',
    });
    const row = {
      name: 'Essências Sul',
      cnpj: '11222333000181',
      contactEmail: null,
      phone: '11912345678',
      address: { country: 'BR', zipcode: '01310100', street: null, state: 'SP', city: 'São Paulo' },
      note: null,
    };
    const values = form.toForm(row);
    expect(values).toMatchObject({ cnpj: '11.222.333/0001-81', phone: '(11) 91234-5678', contactEmail: '' });
    expect(values.address.zipcode).toBe('01310-100');
    const body = form.toBody({
      ...values,
      name: ' Essências Sul ',
      address: { ...values.address, country: null },
    });
    expect(body).toMatchObject({ name: 'Essências Sul', contactEmail: null, note: null });
    // The kind's required address is sent with an empty country, which the shared schema refuses.
    expect(body.address).toMatchObject({ country: '' });
  });

  it('adds the resource’s own fields, and an own field named as a kit field replaces it', () => {
    const ownAddress = optionalAddress();
    const form = kitFormValues(SUPPLIER_KIT, { legalName: requiredTextField, address: ownAddress });
    expect(form.fields.address).toBe(ownAddress);
    expect(form.fields.name).toBe(requiredTextField);
    expect(form.empty()).toMatchObject({ legalName: '', address: { country: null } });
    expect(form.toBody({ ...form.empty(), legalName: ' Sul Ltda ' })).toMatchObject({
      legalName: 'Sul Ltda',
      address: null,
    });
  });

  it('gives an address the record may lack (`optionalAddress`) no country and no body until one is chosen', () => {
    const form = kitFormValues(kitFields({ name: 'name', address: 'optionalAddress' }));
    expect(form.empty()).toEqual({
      name: '',
      address: { country: null, zipcode: '', street: '', state: null, city: null },
    });
    expect(form.toForm({ name: 'Ana', address: null })).toEqual({ ...form.empty(), name: 'Ana' });
    expect(form.toBody({ ...form.empty(), name: 'Ana' })).toEqual({ name: 'Ana', address: null });
    const chosen = { ...form.empty().address, country: 'PT', city: 'Lisboa' };
    expect(form.toBody({ name: 'Ana', address: chosen }).address).toMatchObject({
      country: 'PT',
      city: 'Lisboa',
    });
  });
});
