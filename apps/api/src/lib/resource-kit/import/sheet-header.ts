import { LANGUAGES } from '@scentia/shared/locales';
import { translate } from '../../../i18n/translate.ts';
import type { ImportColumn } from './import-declaration.ts';
import { isCellProblem, type SheetCell } from './sheet-cells.ts';

/** A heading as it is compared: case, accents and repeated spaces ignored. */
function headingKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** What is wrong with a header row: headings no column has, required columns it lacks, a repeated one. */
export type HeaderProblem =
  | { problem: 'unknownColumns'; names: string[] }
  | { problem: 'missingColumn'; column: string }
  | { problem: 'duplicateColumn'; column: string };

/**
 * Which column each of the file's columns is: a heading matches a declared column by its key or by its
 * heading in any of the three languages (a file made from the Spanish template imports in Portuguese).
 */
export function matchHeader(
  columns: ImportColumn[],
  header: SheetCell[],
): { positions: (string | undefined)[]; problems: HeaderProblem[] } {
  const byHeading = new Map<string, string>();
  for (const column of columns) {
    byHeading.set(headingKey(column.key), column.key);
    for (const language of LANGUAGES)
      byHeading.set(headingKey(translate(language, column.label, column.labelParams)), column.key);
  }
  const problems: HeaderProblem[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  const positions = header.map((cell) => {
    if (cell === null) return undefined;
    const text = isCellProblem(cell) ? '' : cell;
    const key = byHeading.get(headingKey(text));
    if (!key) {
      unknown.push(text.slice(0, 60));
      return undefined;
    }
    if (seen.has(key)) problems.push({ problem: 'duplicateColumn', column: key });
    seen.add(key);
    return key;
  });
  if (unknown.length > 0) problems.unshift({ problem: 'unknownColumns', names: unknown });
  for (const column of columns) {
    if (column.isRequired && !seen.has(column.key))
      problems.push({ problem: 'missingColumn', column: column.key });
  }
  return { positions, problems };
}
