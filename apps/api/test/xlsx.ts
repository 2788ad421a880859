import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** The first sheet of a spreadsheet answer (none unless the answer is a 200): its name, header and rows. */
export async function firstSheetOf(response: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  if (response.statusCode === 200) await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheetName: sheet?.name, header: rows[0], rows: rows.slice(1) };
}
