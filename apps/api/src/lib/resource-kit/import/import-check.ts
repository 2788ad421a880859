import { ErrorCode } from '@scentia/shared/error-codes';
import type { ImportCounts } from '@scentia/shared/record-import.schemas';
import type { Database } from '../../../db/client.ts';
import type {
  ExistingRecord,
  ImportCaller,
  ImportDeclaration,
  ImportReference,
  ImportRow,
} from './import-declaration.ts';
import type { ImportErrors } from './import-errors.ts';

/** A row that passed its checks: what it does to its record. */
export type CheckedRow<Body> = { row: number; body: Body; key: string; existing: ExistingRecord | undefined };

/** Objects compared whatever their keys' order (the values of a body and of a stored record). */
function stable(value: unknown): string {
  return JSON.stringify(value, (_, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** Whether a body's values equal the stored record's columns of the same names. */
const isSame = (values: Record<string, unknown>, stored: Record<string, unknown>) =>
  Object.entries(values).every(([column, value]) => stable(value) === stable(stored[column]));

/** The key a reference's cell is found by, null when the cell is empty. */
const keyOf = (reference: ImportReference, row: ImportRow) => {
  const text = row.values[reference.column];
  return text ? reference.normalize(text, row.values) : null;
};

const distinct = (keys: (string | null)[]) => [...new Set(keys.filter((key): key is string => key !== null))];

/**
 * What the check keeps across chunks: the first row of each natural key and unique value met (a
 * repeat inside the file is refused), the counts. Only keys are kept, so memory grows with the keys,
 * never with the rows' contents.
 */
export function importCheck<Body>(
  declaration: ImportDeclaration<Body>,
  errors: ImportErrors,
  caller?: ImportCaller,
) {
  const seenKeys = new Map<string, number>();
  const seenUniques = new Map<string, Map<string, number>>();
  const counts: ImportCounts = { insert: 0, update: 0, unchanged: 0, invalid: 0 };
  const references = declaration.references ?? [];
  const uniques = declaration.uniques ?? [];

  /** Finds this chunk's references, in one query each; reports the unknown ones. */
  async function referencesOf(db: Database, rows: ImportRow[]) {
    const found = new Map<string, Map<string, number>>();
    const ofEmpty = new Map<string, number | null>();
    for (const reference of references) {
      const keys = distinct(rows.map((row) => keyOf(reference, row)));
      found.set(reference.column, keys.length > 0 ? await reference.find(db, keys) : new Map());
      if (reference.whenEmpty && rows.some((row) => keyOf(reference, row) === null))
        ofEmpty.set(reference.column, await reference.whenEmpty(db));
    }
    return rows.map((row) => {
      const ids: Record<string, number | null> = {};
      for (const reference of references) {
        const text = row.values[reference.column];
        const key = keyOf(reference, row);
        const id =
          key === null ? (ofEmpty.get(reference.column) ?? undefined) : found.get(reference.column)?.get(key);
        ids[reference.column] = id ?? null;
        if (text && id === undefined) {
          row.refusedColumns.push(reference.column);
          // The row's error is the column it is found within (an unknown CNPJ), not this one too.
          if (reference.within !== undefined && row.refusedColumns.includes(reference.within)) continue;
          errors.add(row.row, reference.column, 'unknownReference', 'import.unknownReference', {
            value: text.slice(0, 100),
          });
        }
      }
      return ids;
    });
  }

  /** The chunk's rows checked by the shared rules and inside the file; the bodies of those that passed. */
  function parsed(rows: ImportRow[], ids: Record<string, number | null>[]) {
    const passed: { row: number; body: Body; key: string }[] = [];
    rows.forEach((row, index) => {
      const result = declaration.schema.safeParse(declaration.toInput(row.values, ids[index] ?? {}));
      if (!result.success) {
        // One error a column, its first (an empty name is "required", not also "too short"); a column
        // already refused (an unknown reference, a formula) is not refused twice.
        const reported = new Set<string | null>(row.refusedColumns);
        for (const issue of result.error.issues) {
          const column = errors.columnOf(issue.path);
          if (column !== null && reported.has(column)) continue;
          reported.add(column);
          errors.addIssue(row.row, issue);
        }
        return;
      }
      if (errors.hasRow(row.row)) return;
      const body = result.data;
      const key = declaration.naturalKey.of(body);
      const first = seenKeys.get(key);
      if (first !== undefined) {
        errors.add(row.row, declaration.naturalKey.column, 'duplicateInFile', 'import.duplicateInFile', {
          row: first,
        });
        return;
      }
      seenKeys.set(key, row.row);
      for (const unique of uniques) {
        const value = unique.key(body);
        if (value === null) continue;
        const seen = seenUniques.get(unique.column) ?? new Map<string, number>();
        seenUniques.set(unique.column, seen);
        const firstUnique = seen.get(value);
        if (firstUnique !== undefined) {
          errors.add(row.row, unique.column, 'duplicateInFile', 'import.duplicateInFile', {
            row: firstUnique,
          });
        } else seen.set(value, row.row);
      }
      if (!errors.hasRow(row.row)) passed.push({ row: row.row, body, key });
    });
    return passed;
  }

  /** Against the database: the existing records by natural key, the unique values other records hold. */
  async function againstDatabase(db: Database, passed: { row: number; body: Body; key: string }[]) {
    const existing =
      passed.length > 0
        ? await declaration.findExisting(
            db,
            passed.map((row) => row.key),
          )
        : new Map();
    const checked: CheckedRow<Body>[] = [];
    const taken = new Map<string, Map<string, string>>();
    for (const unique of uniques) {
      if (!unique.findTaken) continue;
      const keys = distinct(passed.map((row) => unique.key(row.body)));
      taken.set(unique.column, keys.length > 0 ? await unique.findTaken(db, keys) : new Map());
    }
    for (const row of passed) {
      for (const unique of uniques) {
        const value = unique.key(row.body);
        const holder = value === null ? undefined : taken.get(unique.column)?.get(value);
        if (holder !== undefined && holder !== row.key)
          errors.add(row.row, unique.column, unique.code, unique.code);
      }
      const record = existing.get(row.key);
      if (record && !record.isActive)
        errors.add(row.row, null, ErrorCode.RECORD_INACTIVE, ErrorCode.RECORD_INACTIVE);
      // What the caller may not write, as the save would refuse it; an unchanged row is not written.
      const isWritten = !record || !isSame(declaration.comparable(row.body), record.values);
      const refused =
        caller && isWritten && !errors.hasRow(row.row)
          ? declaration.refuse?.(caller, { ...row, existing: record })
          : undefined;
      if (refused) errors.add(row.row, refused.column, refused.code, refused.code);
      if (!errors.hasRow(row.row)) checked.push({ ...row, existing: record });
    }
    return checked;
  }

  return {
    counts,
    seenKeys,
    /** Checks one chunk; answers its rows that passed, with the record each updates (if any). */
    async chunk(db: Database, rows: ImportRow[]): Promise<CheckedRow<Body>[]> {
      for (const refusal of (await declaration.prefill?.(rows)) ?? []) {
        refusal.row.refusedColumns.push(refusal.column);
        errors.add(refusal.row.row, refusal.column, refusal.code, refusal.key, refusal.params);
      }
      const ids = await referencesOf(db, rows);
      const checked = await againstDatabase(db, parsed(rows, ids));
      for (const row of checked) {
        if (!row.existing) counts.insert += 1;
        else if (isSame(declaration.comparable(row.body), row.existing.values)) counts.unchanged += 1;
        else counts.update += 1;
      }
      counts.invalid = errors.invalidCount;
      return checked;
    },
    isUnchanged: (row: CheckedRow<Body>) =>
      row.existing !== undefined && isSame(declaration.comparable(row.body), row.existing.values),
  };
}
