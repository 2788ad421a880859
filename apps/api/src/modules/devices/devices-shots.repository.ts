import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CountRanges } from '../../lib/count-period.ts';
import { dayRangeCondition, hourRangesCondition, idArray } from '../../lib/shots-in-period.ts';

type Counted = { deviceId: number; shots: string | number };

/**
 * Each device's shots in a period (of one campaign, when `campaignId` is given), as the dashboard
 * counts them: whole UTC days from `shot_counts_device_daily`, the ragged ends (the viewer's zone) from
 * `shot_counts_device_hourly` (migration 0038). A page's devices read a few rows each per day of the
 * period, whatever their shots. Devices without shots are absent from the map.
 *
 * The days and the hours are two statements, not one `union all`: over a year's day rows PostgreSQL
 * plans the union as a parallel append, and starting its workers on a busy server cost more (tens of
 * milliseconds) than the rows themselves.
 */
export async function deviceShotsInPeriod(
  db: Database,
  deviceIds: readonly number[],
  ranges: CountRanges,
  campaignId: number | undefined,
): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const ofCampaign = campaignId === undefined ? sql`true` : sql`campaign_id = ${campaignId}`;
  const sums = (table: SQL, period: SQL) =>
    db.execute(sql`select device_id as "deviceId", sum(shots)::bigint as shots from ${table}
      where device_id = any(${idArray(deviceIds)}) and ${period} and ${ofCampaign} group by device_id`) as unknown as Promise<{
      rows: Counted[];
    }>;
  const reads: Promise<{ rows: Counted[] }>[] = [];
  if (ranges.days) reads.push(sums(sql`shot_counts_device_daily`, dayRangeCondition(sql`day`, ranges.days)));
  if (ranges.hours.length > 0)
    reads.push(sums(sql`shot_counts_device_hourly`, hourRangesCondition(sql`hour`, ranges.hours)));
  const shots = new Map<number, number>();
  for (const { rows } of await Promise.all(reads))
    for (const row of rows) shots.set(row.deviceId, (shots.get(row.deviceId) ?? 0) + Number(row.shots));
  return shots;
}
