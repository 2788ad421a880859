import { type SQL, sql } from 'drizzle-orm';
import type { CountRanges, HourRange } from './count-period.ts';

/**
 * SQL pieces for a row's shots in a period, read from the counts ingestion keeps (never the raw
 * shots): the whole UTC days of the period from a daily table, its ragged ends from an hourly one.
 */
export const dayRangeCondition = (column: SQL, range: { from: string; to: string }) =>
  sql`(${column} >= ${range.from}::date and ${column} < ${range.to}::date)`;

export const hourRangesCondition = (column: SQL, ranges: HourRange[]) =>
  sql`(${sql.join(
    ranges.map(
      (range) =>
        sql`(${column} >= ${range.from.toISOString()}::timestamptz and ${column} < ${range.to.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  )})`;

/** The whole UTC days of a period (`from`..`to`, both included) when it is read by UTC day only. */
export function utcDaysOf(ranges: Pick<CountRanges, 'from' | 'to'>): { from: string; to: string } {
  const after = new Date(Date.parse(`${ranges.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: ranges.from, to: after };
}

/** The ids' array as one parameter (`= any(...)`), whatever their number. */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;
