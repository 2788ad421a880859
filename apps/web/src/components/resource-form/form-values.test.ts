import { describe, expect, it } from 'vitest';
import { optionalAddress } from '../address-block/address-values.ts';
import {
  cnpjField,
  formValues,
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
