import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rowCounts } from '../db/schema/index.ts';

/** The exact number of rows of a resource, all or by state, from the trigger-kept counters. */
export async function countRows(
  db: Database,
  resource: string,
  isActive: boolean | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rowCounts.total}), 0)` })
    .from(rowCounts)
    .where(
      and(
        eq(rowCounts.resource, resource),
        isActive === undefined ? undefined : eq(rowCounts.isActive, isActive),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * The same count as a scalar subquery, to ride along with a page query (one round trip instead of two).
 * Written out by hand: its columns must stay qualified whatever the outer query is.
 */
export function rowCountOf(resource: string, isActive: boolean | undefined): SQL<number> {
  const state = isActive === undefined ? sql`` : sql` and rc.is_active = ${isActive}`;
  return sql<number>`(select coalesce(sum(rc.total), 0)::int from row_counts rc where rc.resource = ${resource}${state})`;
}
