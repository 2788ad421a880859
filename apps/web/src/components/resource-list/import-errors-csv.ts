import type { ImportRowError } from '@scentia/shared/record-import.schemas';

const SEPARATOR = ';';

/** A cell quoted when it must be, and kept from being read as a formula by a spreadsheet. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The refused rows as a CSV the Brazilian Excel opens as it is: `;` between cells, a UTF-8 byte
 * order mark so accents survive, CRLF line ends; headed by the caller's words (`headings`).
 */
export function importErrorsCsv(
  errors: readonly ImportRowError[],
  headings: { row: string; column: string; message: string },
  wholeRow: string,
): string {
  const lines = [
    [headings.row, headings.column, headings.message],
    ...errors.map((error) => [error.row, error.columnLabel ?? wholeRow, error.message]),
  ];
  return `\uFEFF${lines.map((line) => line.map(cell).join(SEPARATOR)).join('\r\n')}\r\n`;
}
