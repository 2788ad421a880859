import { type SQL, sql } from 'drizzle-orm';
import type { HourRange } from './count-period.ts';

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

/** The ids' array as one parameter (`= any(...)`), whatever their number. */
export const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;
