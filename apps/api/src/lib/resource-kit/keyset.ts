import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Where a keyset reading stands: the last row's sort value (as text, or null) and its id. */
export type KeysetPosition = { sortKey: string | null; id: number };

/**
 * The sort value as text. A timestamp read into a JS Date loses its microseconds, and the next batch,
 * starting after the rounded value, would repeat or skip rows; text keeps the value whole, and every
 * sort column (plain, joined or computed) travels the same way.
 */
export const sortKeyOf = (sort: AnyColumn | SQL) => sql<string | null>`((${sort})::text)`;

/**
 * The rows that follow `after` in a list ordered by `sort` then `id`, both ascending or both
 * descending — the order `planList` gives. PostgreSQL puts NULLs last ascending and first descending,
 * and a row comparison with a NULL is unknown, so a nullable sort spells its NULLs out. The value goes
 * back as an untyped parameter, which PostgreSQL reads as the sort expression's own type.
 */
export function keysetAfter(
  sort: { column: AnyColumn | SQL; isAscending: boolean },
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
  return sort.isAscending ? sql`(${valuesAfter} or ${isNull})` : valuesAfter;
}
