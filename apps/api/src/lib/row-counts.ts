import { and, eq, sql } from 'drizzle-orm';
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
