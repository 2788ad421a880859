import type { Language } from '@scentia/shared/locales';
import ExcelJS from 'exceljs';
import { translate } from '../../../i18n/translate.ts';
import type { ImportColumn } from './import-declaration.ts';

/**
 * The template of an import: one column per declared column headed in `language`, the example row
 * under it, and each column's rules in its heading's note. A few cells: built in memory.
 */
export async function importTemplate(columns: ImportColumn[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(language, 'import.template.sheet'));
  sheet.columns = columns.map((column) => ({
    header: translate(language, column.label, column.labelParams),
    key: column.key,
    width: Math.max(16, translate(language, column.label, column.labelParams).length + 4),
  }));
  sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, column.example])));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.note = translate(language, column.rules, { max: column.maxLength ?? '', ...column.labelParams });
  });
  // Every cell is text, so Excel keeps a CNPJ's or CEP's leading zeros as typed.
  for (let index = 1; index <= columns.length; index += 1) sheet.getColumn(index).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
