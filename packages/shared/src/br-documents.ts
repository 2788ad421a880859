/**
 * Brazilian documents.
 * - CPF: 11 digits; the last two are check digits (mod 11, weights 10..2 then 11..2).
 * - CNPJ: 14 characters; the last two are check digits (mod 11, weights 2..9 cycling from the right).
 *   Since July 2026 the Receita Federal also issues alphanumeric CNPJs: the first 12 characters may be
 *   letters A-Z, each worth its ASCII code minus 48 (so '0'..'9' are 0..9 and 'A' is 17); the check
 *   digits stay numeric and are computed the same way.
 * - CEP: 8 digits, shown as 00000-000.
 */

function cpfCheckDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Completes 9 base digits with the two CPF check digits. */
export function withCpfCheckDigits(base: string): string {
  const digits = [...base].map(Number);
  const first = cpfCheckDigit(digits);
  const second = cpfCheckDigit([...digits, first]);
  return `${base}${first}${second}`;
}

export function isValidCpf(value: string): boolean {
  const digits = value.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return withCpfCheckDigits(digits.slice(0, 9)) === digits;
}

export function formatCpf(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

function cnpjCheckDigit(characters: string): number {
  let weight = 2;
  let sum = 0;
  for (let index = characters.length - 1; index >= 0; index -= 1) {
    sum += (characters.charCodeAt(index) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Completes 12 base characters (digits or, since 2026, letters) with the two CNPJ check digits. */
export function withCnpjCheckDigits(base: string): string {
  const upper = base.toUpperCase();
  const first = cnpjCheckDigit(upper);
  const second = cnpjCheckDigit(`${upper}${first}`);
  return `${upper}${first}${second}`;
}

/** Removes the punctuation a CPF or CNPJ may be typed with, keeping letters for alphanumeric CNPJs. */
export function normalizeTaxId(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

export function isValidCnpj(value: string): boolean {
  const characters = normalizeTaxId(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(characters) || /^(.)\1{13}$/.test(characters)) return false;
  return withCnpjCheckDigits(characters.slice(0, 12)) === characters;
}

export function formatCnpj(characters: string): string {
  return characters.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

export type TaxIdProblem = 'invalidCpf' | 'invalidCnpj';

/**
 * The spec's rule for the user form's tax id: empty is fine; 11 characters are read as a CPF; more
 * than 11 as a CNPJ. Fewer than 11 is an invalid CPF.
 */
export function taxIdProblem(value: string | null | undefined): TaxIdProblem | undefined {
  const characters = normalizeTaxId(value ?? '');
  if (characters === '') return undefined;
  if (characters.length <= 11) return isValidCpf(characters) ? undefined : 'invalidCpf';
  return isValidCnpj(characters) ? undefined : 'invalidCnpj';
}

export function isValidCep(value: string): boolean {
  return /^\d{5}-?\d{3}$/.test(value.trim());
}

/** A CEP as stored and sent to the postcode service: its digits only. */
export function cepDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function formatCep(value: string): string {
  const digits = cepDigits(value);
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value;
}

/** Brazil's area codes (DDD), as Anatel assigns them. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** A phone as stored: its digits, without the country code 55 when it was typed with it (+55). */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return value.trim().startsWith('+') && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * A Brazilian phone number with its area code: a mobile is 11 digits, the ninth digit 9 first
 * ((11) 91234-5678); a landline is 10 digits starting with 2 to 5 ((11) 3123-4567).
 */
export function isValidBrazilianPhone(value: string): boolean {
  const digits = phoneDigits(value);
  if (!AREA_CODES.has(Number(digits.slice(0, 2)))) return false;
  if (digits.length === 11) return digits[2] === '9';
  return digits.length === 10 && /[2-5]/.test(digits[2] ?? '');
}

/** `(11) 91234-5678` or `(11) 3123-4567`; anything else as given. */
export function formatBrazilianPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return value;
}
