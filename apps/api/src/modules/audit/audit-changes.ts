import type { AuditChange } from '@scentia/shared/audit.schemas';

/** One `audit_changes` row as stored: a row of `table` before and after one step of the call. */
export type StoredChange = {
  tableName: string;
  rowKey: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Equal JSON values (what jsonb gives back: null, scalars, arrays, plain objects). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

const fieldValue = (row: Record<string, unknown>, field: string) => row[field] ?? null;

/** The fields of a row that are set, as a creation (from nothing) or a deletion (to nothing) shows them. */
function setFields(row: Record<string, unknown>, side: 'before' | 'after'): AuditChange['fields'] {
  return Object.keys(row)
    .filter((field) => fieldValue(row, field) !== null)
    .map((field) =>
      side === 'after'
        ? { field, before: null, after: fieldValue(row, field) }
        : { field, before: fieldValue(row, field), after: null },
    );
}

/** The fields whose value differs between the two versions of a row. */
function differingFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChange['fields'] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !isSameValue(fieldValue(before, field), fieldValue(after, field)))
    .map((field) => ({ field, before: fieldValue(before, field), after: fieldValue(after, field) }));
}

/**
 * An event's stored changes (in the order they were written) as the rows the call changed, net of its
 * own steps. A row written several times in one call (a translation deleted, then inserted again) is
 * one change: its first `before` against its last `after`. A row that ends as it began, or that was
 * created and deleted within the call, changed nothing and is left out.
 */
export function mergeChanges(stored: readonly StoredChange[]): AuditChange[] {
  const byRow = new Map<string, { first: StoredChange; last: StoredChange }>();
  for (const change of stored) {
    // A NUL cannot occur in a table name, so the key is unambiguous.
    const key = `${change.tableName}\u0000${change.rowKey}`;
    const seen = byRow.get(key);
    if (seen) seen.last = change;
    else byRow.set(key, { first: change, last: change });
  }

  const merged: AuditChange[] = [];
  for (const { first, last } of byRow.values()) {
    const before = first.before;
    const after = last.after;
    const base = { table: first.tableName, rowKey: first.rowKey };
    if (before === null && after === null) continue;
    if (before === null && after !== null) {
      merged.push({ ...base, kind: 'created', fields: setFields(after, 'after') });
    } else if (after === null && before !== null) {
      merged.push({ ...base, kind: 'deleted', fields: setFields(before, 'before') });
    } else if (before !== null && after !== null) {
      const fields = differingFields(before, after);
      if (fields.length > 0) merged.push({ ...base, kind: 'updated', fields });
    }
  }
  return merged;
}
