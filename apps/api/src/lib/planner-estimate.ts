import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/**
 * How many rows the planner expects `query` to return: statistics only, no row read. For totals past
 * the point where counting exactly would cost more than the page itself.
 */
export async function plannerEstimate(db: Database, query: SQL): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const output = row ? Object.values(row)[0] : undefined;
  const explained = (typeof output === 'string' ? JSON.parse(output) : output) as
    | [{ Plan: { 'Plan Rows': number } }]
    | undefined;
  return explained?.[0]?.Plan['Plan Rows'] ?? 0;
}
