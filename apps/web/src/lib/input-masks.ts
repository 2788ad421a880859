import { cepDigits } from '@scentia/shared/br-documents';

/**
 * Masks applied while typing. They only shape what is typed; the shared zod schemas decide what is
 * valid.
 */

/** CEP (spec §5): digits only, at most 8, shown as 00000-000 from the sixth digit on. */
export function maskCep(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** The 8 digits of a complete CEP, or undefined while it is incomplete. */
export function completeCepDigits(value: string | null | undefined): string | undefined {
  const digits = cepDigits(value ?? '');
  return digits.length === 8 ? digits : undefined;
}

/**
 * CPF (000.000.000-00) up to 11 characters, CNPJ (00.000.000/0000-00) beyond. Letters are kept
 * for the alphanumeric CNPJ (12.ABC.345/01DE-35), upper-cased; at most 14 characters count.
 */
export function maskTaxId(value: string): string {
  const chars = value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  const hasLetters = /[A-Z]/.test(chars);
  if (chars.length <= 11 && !hasLetters) {
    return chars
      .replace(/^(\w{3})(\w)/, '$1.$2')
      .replace(/^(\w{3})\.(\w{3})(\w)/, '$1.$2.$3')
      .replace(/^(\w{3})\.(\w{3})\.(\w{3})(\w)/, '$1.$2.$3-$4');
  }
  return chars
    .replace(/^(\w{2})(\w)/, '$1.$2')
    .replace(/^(\w{2})\.(\w{3})(\w)/, '$1.$2.$3')
    .replace(/^(\w{2})\.(\w{3})\.(\w{3})(\w)/, '$1.$2.$3/$4')
    .replace(/^(\w{2})\.(\w{3})\.(\w{3})\/(\w{4})(\w)/, '$1.$2.$3/$4-$5');
}
