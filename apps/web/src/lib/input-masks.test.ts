import { isValidCnpj, isValidCpf } from '@scentia/shared/br-documents';
import { describe, expect, it } from 'vitest';
import { completeCepDigits, maskCep, maskCnpj, maskTaxId } from './input-masks.ts';

describe('CEP mask', () => {
  it('keeps at most 8 digits and shows them as 00000-000', () => {
    expect(maskCep('0131')).toBe('0131');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('01310-1009999')).toBe('01310-100');
    expect(maskCep('ab01.310 100')).toBe('01310-100');
  });

  it('reports the digits once the CEP is complete', () => {
    expect(completeCepDigits('01310-10')).toBeUndefined();
    expect(completeCepDigits('01310-100')).toBe('01310100');
    expect(completeCepDigits(null)).toBeUndefined();
  });
});

describe('CPF/CNPJ mask', () => {
  it('formats a CPF while typing', () => {
    expect(maskTaxId('529')).toBe('529');
    expect(maskTaxId('5299822')).toBe('529.982.2');
    expect(maskTaxId('52998224725')).toBe('529.982.247-25');
    expect(isValidCpf(maskTaxId('52998224725'))).toBe(true);
  });

  it('switches to the CNPJ mask past 11 characters and keeps letters (alphanumeric CNPJ)', () => {
    expect(maskTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskTaxId('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskTaxId('12.ABC.345/01DE-35999')).toBe('12.ABC.345/01DE-35');
    expect(isValidCnpj(maskTaxId('12abc34501de35'))).toBe(true);
  });

  it('takes the CNPJ mask as soon as a letter is typed, and agrees with the CNPJ field', () => {
    expect(maskTaxId('12a')).toBe('12.A');
    expect(maskTaxId('12abc345')).toBe(maskCnpj('12abc345'));
    expect(maskTaxId('11222333000181')).toBe(maskCnpj('11222333000181'));
  });
});
