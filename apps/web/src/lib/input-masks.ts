import { cepDigits } from '@scentia/shared/br-documents';

/*
 * The masks a form field applies while typing (antd's `normalize`: `normalize={(value) =>
 * maskCnpj(value ?? '')}`), all of them here. They only shape what is typed; the shared schemas
 * decide what is valid.
 */

/** Puts `separators[i]` after group i of `characters`, as far as they go (`12.ABC.3`). */
function grouped(characters: string, sizes: readonly number[], separators: readonly string[]): string {
  let masked = '';
  let start = 0;
  sizes.forEach((size, index) => {
    const group = characters.slice(start, start + size);
    if (!group) return;
    masked += (index > 0 ? separators[index - 1] : '') + group;
    start += size;
  });
  return masked;
}

/** CEP (spec §5): digits only, at most 8, shown as 00000-000 from the sixth digit on. */
export function maskCep(value: string): string {
  return grouped(value.replace(/\D/g, '').slice(0, 8), [5, 3], ['-']);
}

/** The 8 digits of a complete CEP, or undefined while it is incomplete. */
export function completeCepDigits(value: string | null | undefined): string | undefined {
  const digits = cepDigits(value ?? '');
  return digits.length === 8 ? digits : undefined;
}

/** The characters a CPF or CNPJ counts: digits and upper-cased letters, at most 14. */
function taxIdCharacters(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
}

/**
 * A CNPJ as typed: 00.000.000/0000-00, letters kept and upper-cased for the alphanumeric form
 * (12.ABC.345/01DE-35); at most 14 characters count.
 */
export function maskCnpj(value: string): string {
  return grouped(taxIdCharacters(value), [2, 3, 3, 4, 2], ['.', '.', '/', '-']);
}

/**
 * A CPF or a CNPJ in one field: CPF (000.000.000-00) up to 11 digits, the CNPJ mask beyond them or
 * as soon as a letter is typed (the alphanumeric CNPJ).
 */
export function maskTaxId(value: string): string {
  const characters = taxIdCharacters(value);
  if (characters.length > 11 || /[A-Z]/.test(characters)) return maskCnpj(characters);
  return grouped(characters, [3, 3, 3, 2], ['.', '.', '-']);
}

/**
 * A Brazilian phone as typed: the area code in brackets, then a landline (11) 3123-4567 or, with an
 * eleventh digit, a mobile (11) 91234-5678. A leading +55 is the country code, not the area code.
 */
export function maskBrazilianPhone(value: string): string {
  const typed = value.replace(/\D/g, '');
  const digits = (value.trim().startsWith('+') && typed.startsWith('55') ? typed.slice(2) : typed).slice(
    0,
    11,
  );
  if (!digits) return '';
  const area = digits.slice(0, 2);
  const number = digits.slice(2);
  if (!number) return `(${area}`;
  const split = digits.length === 11 ? 5 : 4;
  return number.length > split
    ? `(${area}) ${number.slice(0, split)}-${number.slice(split)}`
    : `(${area}) ${number}`;
}
