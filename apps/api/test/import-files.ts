import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { multipart } from './multipart.ts';

/** A CSV file of `rows` (the header first): `;` separated, each field quoted, CRLF line ends. */
export function csvFile(rows: string[][], separator = ';'): string {
  return rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(separator)).join('\r\n');
}

/** The same text in Windows-1252 (Latin-1), as older Excel saves a "CSV". */
export function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** An xlsx file of `rows`; a cell `{ formula }` is written as a formula. */
export async function xlsxFile(rows: (string | { formula: string; result?: string })[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The multipart body of an import: one part `file`. */
export function importUpload(bytes: Buffer, fileName = 'import.csv') {
  return multipart([{ name: 'file', fileName, contentType: 'text/csv', bytes }]);
}

type Session = {
  ctx: { app: { inject: (options: InjectOptions) => Promise<LightMyRequestResponse> } };
  headers: (language?: string) => Record<string, string>;
};

/** `POST {path}/import?mode=…` with `bytes` as the file, as the session's account, in `language`. */
export function importCall(
  session: Session,
  path: string,
  bytes: Buffer,
  mode: 'check' | 'apply',
  language = 'pt-BR',
  fileName = 'import.csv',
) {
  const { payload, headers } = importUpload(bytes, fileName);
  return session.ctx.app.inject({
    method: 'POST',
    url: `${path}/import?mode=${mode}`,
    payload,
    headers: { ...headers, ...session.headers(language) },
  });
}
