import { csvRows } from './csv-rows.ts';
import type { ImportColumn, ImportRow, ImportValues } from './import-declaration.ts';
import type { ImportErrors } from './import-errors.ts';
import { isCellProblem, MAX_CELL_CHARACTERS, type SheetRow } from './sheet-cells.ts';
import { type HeaderProblem, matchHeader } from './sheet-header.ts';
import { xlsxRows } from './xlsx-rows.ts';

/** How many rows are checked (their references and existing records read) and written at a time. */
const IMPORT_CHUNK_ROWS = 1_000;

/** At most this many data rows in one file: a client's fleet is a few thousand. */
const IMPORT_MAX_ROWS = 200_000;

export type ImportFileKind = 'csv' | 'xlsx';

/** An xlsx file is a zip (it starts with `PK`); anything else is read as CSV text. */
export function fileKindOf(firstBytes: Buffer): ImportFileKind {
  return firstBytes[0] === 0x50 && firstBytes[1] === 0x4b ? 'xlsx' : 'csv';
}

function reportHeaderProblem(errors: ImportErrors, problem: HeaderProblem) {
  if (problem.problem === 'unknownColumns') {
    errors.add(1, null, 'unknownColumns', 'import.unknownColumns', { names: problem.names.join(', ') });
  } else {
    errors.add(1, problem.column, problem.problem, `import.${problem.problem}`);
  }
}

/**
 * The file's data rows in chunks of `IMPORT_CHUNK_ROWS`, their cells by column key. The header's
 * problems, each cell's (a formula, a cell over the bound) and a file over `IMPORT_MAX_ROWS` are
 * reported in `errors` when `errors` is given (the check's pass; the apply's second pass reads again).
 * Nothing is yielded when the header is refused.
 */
export async function* importChunks(
  file: { path: string; kind: ImportFileKind },
  columns: ImportColumn[],
  errors?: ImportErrors,
): AsyncGenerator<ImportRow[]> {
  const rows: AsyncGenerator<SheetRow> = file.kind === 'xlsx' ? xlsxRows(file.path) : csvRows(file.path);
  const first = await rows.next();
  if (first.done) {
    errors?.add(1, null, 'emptyFile', 'import.emptyFile');
    return;
  }
  const { positions, problems } = matchHeader(columns, first.value.cells);
  if (problems.length > 0) {
    for (const problem of problems) if (errors) reportHeaderProblem(errors, problem);
    await rows.return(undefined);
    return;
  }
  let chunk: ImportRow[] = [];
  let count = 0;
  for await (const sheetRow of rows) {
    count += 1;
    if (count > IMPORT_MAX_ROWS) {
      errors?.add(sheetRow.row, null, 'tooManyRows', 'import.tooManyRows', { max: IMPORT_MAX_ROWS });
      break;
    }
    chunk.push(toImportRow(sheetRow, positions, errors));
    if (chunk.length >= IMPORT_CHUNK_ROWS) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

function toImportRow(
  sheetRow: SheetRow,
  positions: (string | undefined)[],
  errors?: ImportErrors,
): ImportRow {
  const values: ImportValues = {};
  const refusedColumns: string[] = [];
  sheetRow.cells.forEach((cell, index) => {
    const key = positions[index];
    if (!key) return;
    if (isCellProblem(cell)) {
      refusedColumns.push(key);
      if (cell.problem === 'formula') errors?.add(sheetRow.row, key, 'formula', 'import.formula');
      else errors?.add(sheetRow.row, key, 'cellTooLong', 'import.cellTooLong', { max: MAX_CELL_CHARACTERS });
      values[key] = null;
      return;
    }
    values[key] = cell === null ? null : cell.trim() || null;
  });
  return { row: sheetRow.row, values, refusedColumns };
}
