import { type AnyColumn, Column, is, type SQL, sql, type Table } from 'drizzle-orm';

/** Where a keyset reading stands: the last row's sort value (as text, or null) and its id. */
export type KeysetPosition = { sortKey: string | null; id: number };

/**
 * The sort value as text. A timestamp read into a JS Date loses its microseconds, and the next batch,
 * starting after the rounded value, would repeat or skip rows; text keeps the value whole, and every
 * sort column (plain, joined or computed) travels the same way.
 */
export const sortKeyOf = (sort: AnyColumn | SQL) => sql<string | null>`((${sort})::text)`;

/**
 * Whether a sort may hold NULLs. Only a NOT NULL column of the resource's own table may not: a
 * computed value may, and so may a left-joined table's column. Without NULLs the comparison leaves
 * out its NULL cases, whose `or … is null` would keep PostgreSQL from reading the (column, id) index
 * in order — a sort of every row for each batch instead.
 */
export function mayBeNull(sort: AnyColumn | SQL, table: Table): boolean {
  return !(is(sort, Column) && sort.notNull && sort.table === table);
}

/**
 * The rows that follow `after` in a list ordered by `sort` then `id`, both ascending or both
 * descending — the order `planList` gives. PostgreSQL puts NULLs last ascending and first descending,
 * and a row comparison with a NULL is unknown, so a nullable sort spells its NULLs out. The value goes
 * back as an untyped parameter, which PostgreSQL reads as the sort expression's own type.
 */
export function keysetAfter(
  sort: { column: AnyColumn | SQL; isAscending: boolean; mayBeNull: boolean },
  id: AnyColumn,
  after: KeysetPosition,
): SQL {
  const compare = sql.raw(sort.isAscending ? '>' : '<');
  const isNull = sql`(${sort.column}) is null`;
  if (after.sortKey === null) {
    const nullsAfter = sql`${isNull} and ${id} ${compare} ${after.id}`;
    // Descending, every non-NULL value comes after the NULLs.
    return sort.isAscending ? sql`(${nullsAfter})` : sql`((${nullsAfter}) or (${sort.column}) is not null)`;
  }
  const valuesAfter = sql`((${sort.column}), ${id}) ${compare} (${after.sortKey}, ${after.id})`;
  // Ascending, the NULLs still follow every value.
  return sort.isAscending && sort.mayBeNull ? sql`(${valuesAfter} or ${isNull})` : valuesAfter;
}
