import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CountRanges } from '../../lib/count-period.ts';
import { dayRangeCondition, hourRangesCondition, idArray } from '../../lib/shots-in-period.ts';

/**
 * Each device's shots in a period (of one campaign, when `campaignId` is given), as the dashboard
 * counts them: whole UTC days from `shot_counts_device_daily`, the ragged ends (the viewer's zone) from
 * `shot_counts_device_hourly` (migration 0038). A page's devices read a few rows each per day of the
 * period, whatever their shots. Devices without shots are absent from the map.
 */
export async function deviceShotsInPeriod(
  db: Database,
  deviceIds: readonly number[],
  ranges: CountRanges,
  campaignId: number | undefined,
): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const ofCampaign = campaignId === undefined ? sql`true` : sql`campaign_id = ${campaignId}`;
  const parts = [];
  if (ranges.days)
    parts.push(sql`select device_id, shots from shot_counts_device_daily
      where device_id = any(${idArray(deviceIds)}) and ${dayRangeCondition(sql`day`, ranges.days)} and ${ofCampaign}`);
  if (ranges.hours.length > 0)
    parts.push(sql`select device_id, shots from shot_counts_device_hourly
      where device_id = any(${idArray(deviceIds)}) and ${hourRangesCondition(sql`hour`, ranges.hours)} and ${ofCampaign}`);
  const result = (await db.execute(sql`
    select device_id as "deviceId", sum(shots)::bigint as shots
    from (${sql.join(parts, sql` union all `)}) counted group by device_id`)) as unknown as {
    rows: { deviceId: number; shots: string | number }[];
  };
  return new Map(result.rows.map((row) => [row.deviceId, Number(row.shots)]));
}
