import type { Language } from '@scentia/shared/locales';
import { IMPORT_MAX_ERRORS, type ImportRowError } from '@scentia/shared/record-import.schemas';
import type { z } from 'zod';
import { zodIssueMessage } from '../../../i18n/field-messages.ts';
import { isMessageKey, type MessageKey, translate } from '../../../i18n/translate.ts';
import type { ImportColumn } from './import-declaration.ts';

/**
 * The report's row errors, in the caller's language: at most `IMPORT_MAX_ERRORS` kept (the rows with
 * errors are all counted), each naming its column by key and by its heading.
 */
export class ImportErrors {
  readonly list: ImportRowError[] = [];
  isTruncated = false;
  private readonly invalidRows = new Set<number>();

  constructor(
    private readonly language: Language,
    private readonly columns: ImportColumn[],
  ) {}

  /** The errors in the file's order (a cell's problems are met while reading, the rules' after). */
  sorted(): ImportRowError[] {
    return this.list.toSorted((a, b) => a.row - b.row);
  }

  get invalidCount(): number {
    return this.invalidRows.size;
  }

  hasRow(row: number): boolean {
    return this.invalidRows.has(row);
  }

  /** An error whose message is a message key (`import.formula`, `NAME_TAKEN`), with its parameters. */
  add(
    row: number,
    column: string | null,
    code: string,
    key: MessageKey,
    params?: Record<string, string | number>,
  ) {
    this.push(row, column, code, translate(this.language, key, params));
  }

  /** A refusal of the body's shared rules, worded as the 400 VALIDATION answer words it. */
  addIssue(row: number, issue: z.core.$ZodIssue) {
    const column = this.columnOf(issue.path);
    const code = isMessageKey(`field.${issue.message}`) ? issue.message : issue.code;
    this.push(row, column, code, zodIssueMessage(issue, this.language));
  }

  /** The column a body path belongs to: the one whose path is the longest prefix of it. */
  columnOf(path: readonly PropertyKey[]): string | null {
    let found: ImportColumn | undefined;
    for (const column of this.columns) {
      const own = column.path ?? [column.key];
      if (own.length <= path.length && own.every((part, index) => path[index] === part)) {
        if (!found || own.length > (found.path ?? [found.key]).length) found = column;
      }
    }
    return found?.key ?? null;
  }

  private push(row: number, column: string | null, code: string, message: string) {
    if (row > 1) this.invalidRows.add(row);
    if (this.list.length >= IMPORT_MAX_ERRORS) {
      this.isTruncated = true;
      return;
    }
    const declared = this.columns.find((candidate) => candidate.key === column);
    this.list.push({
      row,
      column,
      columnLabel: declared ? translate(this.language, declared.label, declared.labelParams) : null,
      code,
      message,
    });
  }
}
