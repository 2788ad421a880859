import type { DeviceBody } from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaigns, devices, locations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChunkRefusal, ChunkRow } from '../../lib/resource-kit/import/import-declaration.ts';

/** The devices' columns a refusal names (devices.import.ts). */
const COLUMN = { macAddress: 'macAddress', location: 'locationName', campaign: 'campaignName' } as const;

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

const refusal = (row: number, column: string, code: ErrorCode): ChunkRefusal => ({
  row,
  column,
  error: new AppError(code),
});

/**
 * The chunk's locations that are active, with their organisation, held active until the import's
 * transaction ends (FOR SHARE, as the service's `lockLocation` holds the one of a save).
 */
export async function lockActiveLocations(db: Database, ids: number[]) {
  const rows = await db
    .select({ id: locations.id, organizationId: locations.organizationId })
    .from(locations)
    .where(and(inArray(locations.id, ids), isNull(locations.deletedAt)))
    .for('share');
  return new Map(rows.map((row) => [row.id, row.organizationId]));
}

/** The chunk's campaigns that are active, held so until the transaction ends (the service's `lockCampaign`). */
export async function lockActiveCampaigns(db: Database, ids: number[]) {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(inArray(campaigns.id, ids), isNull(campaigns.deletedAt)))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/**
 * An import chunk's devices written in three statements (the locks apart): the new ones inserted at
 * once, the changed ones updated at once (each handed over as one JSON parameter, read with
 * `json_to_recordset`: a statement of thousands of parameters cost more to build and parse than to run), as the service's create and update write them one by one —
 * the location and campaign held active, the organisation the location's, `updated_at` renewed; the
 * triggers keep the search columns, the row counts and the trail (one event per device, under the
 * import's audit context). A MAC another transaction took meanwhile is refused on its row
 * (DEVICE_MAC_TAKEN), a device deactivated meanwhile too (RECORD_INACTIVE).
 */
export async function saveDeviceChunk(db: Database, rows: ChunkRow<DeviceBody>[]): Promise<ChunkRefusal[]> {
  const held = await lockActiveLocations(db, [...new Set(rows.map((row) => row.body.locationId))]);
  const playable = await lockActiveCampaigns(db, [...new Set(rows.map((row) => row.body.campaignId))]);
  const refused: ChunkRefusal[] = [];
  for (const { row, body } of rows) {
    if (!held.has(body.locationId)) refused.push(refusal(row, COLUMN.location, ErrorCode.LOCATION_INACTIVE));
    else if (!playable.has(body.campaignId))
      refused.push(refusal(row, COLUMN.campaign, ErrorCode.CAMPAIGN_INACTIVE));
  }
  if (refused.length > 0) return refused;

  const inserts = rows.filter((row) => row.existing === undefined);
  if (inserts.length > 0) {
    const values = inserts.map(({ body }) => ({
      mac_address: body.macAddress,
      location_id: body.locationId,
      campaign_id: body.campaignId,
      organization_id: held.get(body.locationId),
    }));
    const inserted = await rowsOf<{ mac_address: string }>(
      db.execute(sql`
        insert into ${devices} (mac_address, location_id, campaign_id, organization_id)
        select v.mac_address, v.location_id, v.campaign_id, v.organization_id
        from json_to_recordset(${JSON.stringify(values)}::json)
          as v(mac_address varchar(12), location_id integer, campaign_id integer, organization_id integer)
        on conflict (mac_address) do nothing
        returning mac_address`),
    );
    const written = new Set(inserted.map((device) => device.mac_address));
    for (const { row, body } of inserts)
      if (!written.has(body.macAddress))
        refused.push(refusal(row, COLUMN.macAddress, ErrorCode.DEVICE_MAC_TAKEN));
  }

  const updates = rows.filter((row) => row.existing !== undefined);
  if (updates.length > 0) {
    const values = updates.map(({ body, existing }) => ({
      id: existing?.id,
      location_id: body.locationId,
      campaign_id: body.campaignId,
    }));
    const updated = await rowsOf<{ id: number }>(
      db.execute(sql`
        update ${devices} set location_id = v.location_id, campaign_id = v.campaign_id, updated_at = now()
        from json_to_recordset(${JSON.stringify(values)}::json)
          as v(id integer, location_id integer, campaign_id integer)
        where ${devices.id} = v.id and ${devices.deletedAt} is null
        returning ${devices.id} as id`),
    );
    const written = new Set(updated.map((device) => Number(device.id)));
    for (const { row, existing } of updates)
      if (!written.has(existing?.id as number))
        refused.push(refusal(row, COLUMN.macAddress, ErrorCode.RECORD_INACTIVE));
  }
  return refused;
}
