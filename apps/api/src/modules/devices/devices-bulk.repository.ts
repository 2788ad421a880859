import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

/**
 * A bulk move's chunk in one statement: the active devices of `ids` to the location and/or campaign
 * (the caller holds both active); the ids moved. The devices_names trigger keeps the organisation the
 * location's, as on every change.
 */
export async function moveDevices(
  db: Database,
  ids: number[],
  to: { locationId?: number; campaignId?: number },
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(devices)
    .set({
      ...(to.locationId !== undefined && { locationId: to.locationId }),
      ...(to.campaignId !== undefined && { campaignId: to.campaignId }),
      updatedAt: new Date(),
    })
    .where(and(inArray(devices.id, ids), isNull(devices.deletedAt)))
    .returning({ id: devices.id });
  return rows.map((row) => row.id);
}
