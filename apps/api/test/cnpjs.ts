import { withCnpjCheckDigits } from '@scentia/shared/br-documents';

let sequence = 0;

/**
 * A valid numeric CNPJ (14 digits, as stored) no other call in the test file's run answers: 12 base
 * digits from one sequence shared by the file's modules (its fixtures and recipes too), then its check
 * digits.
 */
export function nextCnpj(): string {
  sequence += 1;
  return withCnpjCheckDigits(String(30_000_000_0001 + sequence * 10_000));
}
