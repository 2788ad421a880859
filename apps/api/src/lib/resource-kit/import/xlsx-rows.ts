import ExcelJS from 'exceljs';
import { MAX_CELL_CHARACTERS, type SheetCell, type SheetRow } from './sheet-cells.ts';

type CellValue = ExcelJS.CellValue;

/** A date cell as the rules read a typed one: the day (`2026-11-28`), or the moment when it has a time. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A cell's text: never a formula's result (a formula is refused), rich text joined, a link's text. */
function cellOf(value: CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = dateText(value);
  else if ('formula' in value || 'sharedFormula' in value) return { problem: 'formula' };
  else if ('richText' in value) text = value.richText.map((part) => part.text).join('');
  else if ('text' in value) text = String(value.text);
  else if ('error' in value) return { problem: 'formula' };
  else return null;
  if (text.length > MAX_CELL_CHARACTERS) return { problem: 'cellTooLong' };
  return text === '' ? null : text;
}

/**
 * The rows of an xlsx file's first sheet, streamed with ExcelJS's `WorkbookReader`: styles and links
 * are not read, shared strings are (Excel writes every text through them). A formula is a problem of
 * its cell, never evaluated nor its cached result taken.
 */
export async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as CellValue[];
      // ExcelJS's values start at index 1 (column A).
      const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, index) =>
        cellOf(values[index + 1]),
      );
      if (cells.some((cell) => cell !== null)) yield { row: row.number, cells };
    }
    return;
  }
}
