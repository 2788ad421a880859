import type { CapsuleListQuery } from '@scentia/shared/capsules.schemas';
import { macSearchWord } from '@scentia/shared/devices.schemas';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { capsuleForecasts, capsuleLevels, capsules, devices, fragrances } from '../../db/schema/index.ts';
import { byOrganizationAndLocation } from '../../lib/resource-kit/record-scope.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';
import { dayRangeCondition, idArray } from '../../lib/shots-in-period.ts';

/**
 * Capsules now in a device of the organisation and/or at the location asked for: the organisation by
 * the capsule's own copy of its device's (migration 0055, capsules_organization_idx), the location
 * through the devices at it (devices_location_idx; the capsule's copy has no index of its own).
 */
function inDevicesWhere(query: CapsuleListQuery): SQL | undefined {
  const conditions = [
    query.organizationId === undefined ? undefined : eq(capsules.organizationId, query.organizationId),
    query.locationId === undefined
      ? undefined
      : sql`${capsules.deviceId} in (select ${devices.id} from ${devices} where ${eq(devices.locationId, query.locationId)})`,
  ].filter((condition) => condition !== undefined);
  return conditions.length === 0 ? undefined : and(...conditions);
}

/**
 * The capsules list: serial, fragrance and device MAC searched in its own search text; its sorts read
 * its own columns (`search_*` copies kept by migration 0023's triggers, each indexed with the id and
 * the state); the level is the exception, in its own table (capsule_levels). Active means in a
 * device: a capsule taken out is inactive.
 */
export const capsulesList = resourceList({
  table: capsules,
  id: capsules.id,
  deletedAt: capsules.deletedAt,
  columns: {
    id: capsules.id,
    serialNumber: capsules.serialNumber,
    fragranceId: capsules.fragranceId,
    fragranceName: fragrances.name,
    sizeShots: capsules.sizeShots,
    remainingShots: capsuleLevels.remainingShots,
    deviceId: capsules.deviceId,
    macAddress: devices.macAddress,
    slot: capsules.slot,
    dueDate: capsules.dueDate,
    runsOutOn: capsuleForecasts.runsOutOn,
    createdAt: capsules.createdAt,
    updatedAt: capsules.updatedAt,
    deletedAt: capsules.deletedAt,
  },
  joins: (query) =>
    query
      .innerJoin(fragrances, eq(capsules.fragranceId, fragrances.id))
      .innerJoin(capsuleLevels, eq(capsuleLevels.capsuleId, capsules.id))
      .leftJoin(devices, eq(capsules.deviceId, devices.id))
      .leftJoin(capsuleForecasts, eq(capsuleForecasts.capsuleId, capsules.id)),
  // Inner joins on a NOT NULL key and on the level every capsule has (inserted with it), left joins
  // on primary keys (the forecast, written by the alerts job for capsules in service): one row each.
  joinsOnlyAddColumns: true,
  searchIn: [capsules.searchText],
  searchWord: macSearchWord,
  filter: (query: CapsuleListQuery) =>
    and(
      query.deviceId === undefined ? undefined : eq(capsules.deviceId, query.deviceId),
      query.fragranceId === undefined ? undefined : eq(capsules.fragranceId, query.fragranceId),
      inDevicesWhere(query),
    ),
  sortable: {
    SerialNumber: capsules.serialNumber,
    'Fragrance.Name': capsules.searchFragrance,
    // The level's own index (remaining_shots, capsule_id) gives this order, the id included.
    RemainingShots: capsuleLevels.remainingShots,
    'Device.MacAddress': capsules.searchDevice,
    DueDate: capsules.dueDate,
    CreatedAt: capsules.createdAt,
    UpdatedAt: capsules.updatedAt,
  },
  defaultSort: 'CreatedAt',
  rowCounts: 'capsules',
  // A member's capsules are those in their organisation's devices (at their locations when limited): the
  // capsule's own copies of its device's organisation and location (migration 0055, kept by triggers;
  // null without a device, so a capsule taken out is no site's), found by capsules_organization_idx in
  // the list's default order, as the row-level security policy asks them.
  scope: byOrganizationAndLocation(capsules.organizationId, capsules.locationId),
});

export type CapsuleRecord = RecordOf<typeof capsulesList>;

/**
 * Each capsule's shots in whole UTC days `days` (half-open), summed from `capsule_shot_days`, which
 * ingestion keeps per capsule and UTC day (its primary key leads with the capsule). Capsules without
 * shots are absent from the map.
 */
export async function capsuleShotsInDays(
  db: Database,
  capsuleIds: readonly number[],
  days: { from: string; to: string },
): Promise<Map<number, number>> {
  if (capsuleIds.length === 0) return new Map();
  const result = (await db.execute(sql`
    select capsule_id as "capsuleId", sum(shots)::bigint as shots from capsule_shot_days
    where capsule_id = any(${idArray(capsuleIds)}) and ${dayRangeCondition(sql`day`, days)}
    group by capsule_id`)) as unknown as { rows: { capsuleId: number; shots: string | number }[] };
  return new Map(result.rows.map((row) => [row.capsuleId, Number(row.shots)]));
}
