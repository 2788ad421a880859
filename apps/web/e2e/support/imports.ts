import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';

/** An organisation as an import row names it. */
export type ImportedShop = { name: string; cnpj: string };

/** The template's headings, in the order of its columns (1-based, as ExcelJS counts them). */
function headings(sheet: ExcelJS.Worksheet): string[] {
  const texts: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    texts[column] = cell.text.trim();
  });
  return texts;
}

function columnOf(header: string[], pattern: RegExp): number {
  const column = header.findIndex((text) => text !== undefined && pattern.test(text));
  expect(column, `a template column matching ${pattern}`).toBeGreaterThan(0);
  return column;
}

/**
 * The organisations' template filled in: its example row copied once per shop (so every other
 * column keeps a value the template itself offers), with the shop's name, legal name and CNPJ
 * written over it.
 */
export async function fillOrganizationsTemplate(
  template: string,
  shops: ImportedShop[],
  path: string,
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(template);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  const header = headings(sheet);
  const name = columnOf(header, /^nome\b/i);
  const legalName = columnOf(header, /raz[aã]o social/i);
  const cnpj = columnOf(header, /cnpj/i);
  const example = (sheet.getRow(2).values as ExcelJS.CellValue[]).slice();
  for (let index = sheet.rowCount; index >= 2; index -= 1) sheet.spliceRows(index, 1);
  shops.forEach((shop, index) => {
    const row = sheet.getRow(index + 2);
    row.values = example;
    row.getCell(name).value = shop.name;
    row.getCell(legalName).value = `${shop.name} Comércio de Aromas Ltda.`;
    row.getCell(cnpj).value = shop.cnpj;
    row.commit();
  });
  await workbook.xlsx.writeFile(path);
}

/** The same CNPJ with a wrong last check digit. */
export function withWrongCheckDigit(cnpj: string): string {
  return `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
}
