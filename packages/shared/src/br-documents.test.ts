import { describe, expect, it } from 'vitest';
import {
  cepDigits,
  formatCep,
  formatCnpj,
  formatCpf,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  normalizeTaxId,
  taxIdProblem,
  withCnpjCheckDigits,
  withCpfCheckDigits,
} from './br-documents.ts';

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '000.000.001-91'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each([
    ['a wrong first check digit', '529.982.247-35'],
    ['a wrong second check digit', '529.982.247-24'],
    ['all the same digit', '111.111.111-11'],
    ['all zeros', '00000000000'],
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['letters', '52998224A25'],
  ])('refuses %s', (_, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
  it('completes base digits whose check digit rests at 10 (becoming 0)', () => {
    expect(isValidCpf(withCpfCheckDigits('000000001'))).toBe(true);
  });
  it('formats', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});

describe('CNPJ', () => {
  it.each(['11.222.333/0001-81', '11222333000181', '45.997.418/0001-53'])(
    'accepts the numeric %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );
  it('accepts the alphanumeric example published by the Receita Federal', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(withCnpjCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
  });
  it('accepts alphanumeric CNPJs typed in lower case', () => {
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });
  it.each([
    ['a wrong check digit', '11.222.333/0001-82'],
    ['a wrong alphanumeric check digit', '12.ABC.345/01DE-36'],
    ['letters in the check digits', '12.ABC.345/01DE-3A'],
    ['all the same digit', '11.111.111/1111-11'],
    ['all zeros', '00000000000000'],
    ['13 characters', '1122233300018'],
    ['15 characters', '112223330001811'],
    ['symbols', '12.AB#.345/01DE-35'],
  ])('refuses %s', (_, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
  it('formats numeric and alphanumeric CNPJs', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });
});

describe('taxIdProblem (the user form rule)', () => {
  it('allows empty', () => {
    expect(taxIdProblem('')).toBeUndefined();
    expect(taxIdProblem(null)).toBeUndefined();
  });
  it('reads 11 characters as a CPF and more as a CNPJ', () => {
    expect(taxIdProblem('529.982.247-25')).toBeUndefined();
    expect(taxIdProblem('529.982.247-24')).toBe('invalidCpf');
    expect(taxIdProblem('11.222.333/0001-81')).toBeUndefined();
    expect(taxIdProblem('11.222.333/0001-80')).toBe('invalidCnpj');
    expect(taxIdProblem('12.ABC.345/01DE-35')).toBeUndefined();
  });
  it('calls anything shorter an invalid CPF', () => {
    expect(taxIdProblem('1234')).toBe('invalidCpf');
  });
});

describe('CEP', () => {
  it.each(['01310-100', '01310100'])('accepts %s', (cep) => {
    expect(isValidCep(cep)).toBe(true);
  });
  it.each(['0131-0100', '1310100', '01310-1000', 'ABCDE-123', ''])('refuses %j', (cep) => {
    expect(isValidCep(cep)).toBe(false);
  });
  it('formats 8 digits as 00000-000', () => {
    expect(formatCep('01310100')).toBe('01310-100');
  });
  it('is stored as its digits', () => {
    expect(cepDigits('01310-100')).toBe('01310100');
  });
});

describe('normalizeTaxId (what the API stores and the form sends)', () => {
  it('keeps digits and letters, upper-cased, without punctuation', () => {
    expect(normalizeTaxId('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeTaxId('529.982.247-25')).toBe('52998224725');
    expect(normalizeTaxId(' ')).toBe('');
  });
});
