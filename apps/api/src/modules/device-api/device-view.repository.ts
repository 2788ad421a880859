import type { Schedule } from '@scentia/shared/schedules.schemas';
import type { PreparedQuery } from '../../db/prepared-query.ts';
import type { AuthenticatedDevice } from '../../plugins/device-auth.ts';

export type ConfigSource = {
  campaign: { id: number; name: string; fragranceShots: number; updatedAt: string };
  /** The approved initiative whose campaign it plays today, null when it plays its own. */
  initiativeId: number | null;
  collection: { slot: number; fragranceId: number; fragranceName: string; shotSeconds: number }[];
  schedule: { source: 'device' | 'location'; timeZone: string; ranges: Schedule['ranges'] };
};

/** A capsule as the server holds it in one of the device's slots. */
export type HeldCapsule = { slot: number; serialNumber: string; fragranceId: number; remainingShots: number };

/**
 * Everything a heartbeat or a configuration fetch needs to know before deciding whether to write:
 * the device its credential names, what the server last recorded of it, and what it plays.
 */
export type DeviceView = {
  device: AuthenticatedDevice;
  firmwareVersion: string | null;
  /** The configuration version whose download was last recorded for it. */
  configVersion: string | null;
  /** How long ago (by the database's clock) it was last seen and last sent a heartbeat; null: never. */
  seenAgoMs: number | null;
  heardAgoMs: number | null;
  /**
   * How long what it plays stays right by itself: until the next midnight in its location's time zone,
   * when an initiative's day may begin or end.
   */
  validForMs: number;
  config: ConfigSource;
  /** The capsules in its slots, by slot. */
  capsules: HeldCapsule[];
};

type ViewRow = {
  id: number;
  locationId: number;
  deviceCampaignId: number;
  firmwareVersion: string | null;
  configVersion: string | null;
  seenAgoMs: number | null;
  heardAgoMs: number | null;
  validForMs: number;
  initiativeId: number | null;
  campaignId: number;
  name: string;
  fragranceShots: number;
  updatedAt: string;
  deviceSchedule: Schedule | null;
  locationSchedule: Schedule;
  timeZone: string;
  collection: ConfigSource['collection'] | string;
  capsules: HeldCapsule[] | string;
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The active device holding `credentialHash`, with its state, its configuration and its capsules, in
 * one read-only statement: a heartbeat that changes nothing and a fetch of an unchanged configuration
 * are answered from it alone, or from the instance's copy of it (device-view-cache.ts).
 *
 * What it plays: its campaign with the collection, and the schedule in force (its own or its
 * location's). On a day (`at` in its location's time zone) within an approved initiative at its
 * location, the initiative's campaign instead (two approved initiatives never put different campaigns
 * on one location on one day; of several with the same campaign, the latest started).
 *
 * Its text: `$1` the credential's hash, `$2` the time.
 */
const VIEW_TEXT = `
    select d.id, d.location_id as "locationId", d.campaign_id as "deviceCampaignId",
      st.firmware_version as "firmwareVersion", st.config_version as "configVersion",
      (extract(epoch from now() - st.last_seen_at) * 1000)::float8 as "seenAgoMs",
      (extract(epoch from now() - st.last_heartbeat_at) * 1000)::float8 as "heardAgoMs",
      (extract(epoch from (date_trunc('day', $2::timestamptz at time zone l.time_zone) + interval '1 day')
        at time zone l.time_zone - $2::timestamptz) * 1000)::float8 as "validForMs",
      pick.initiative_id as "initiativeId", c.id as "campaignId", c.name, c.fragrance_shots as "fragranceShots",
      to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "updatedAt",
      d.schedule as "deviceSchedule", l.schedule as "locationSchedule", l.time_zone as "timeZone",
      (select coalesce(json_agg(json_build_object('slot', s.slot, 'fragranceId', s.fragrance_id,
          'fragranceName', f.name, 'shotSeconds', s.shot_seconds) order by s.slot), '[]')
        from campaign_slots s join fragrances f on f.id = s.fragrance_id
        where s.campaign_id = c.id) as collection,
      (select coalesce(json_agg(json_build_object('slot', cp.slot, 'serialNumber', cp.serial_number,
          'fragranceId', cp.fragrance_id, 'remainingShots', lv.remaining_shots) order by cp.slot), '[]')
        from capsules cp join capsule_levels lv on lv.capsule_id = cp.id where cp.device_id = d.id) as capsules
    from devices d join locations l on l.id = d.location_id
    left join device_states st on st.device_id = d.id
    left join lateral (
      select i.id as initiative_id, i.campaign_id from initiative_locations il
      join initiatives i on i.id = il.initiative_id
      where il.location_id = d.location_id and i.status = 'approved'
        and ($2::timestamptz at time zone l.time_zone)::date between i.starts_on and i.ends_on
      order by i.starts_on desc, i.id desc limit 1) pick on true
    join campaigns c on c.id = coalesce(pick.campaign_id, d.campaign_id)
    where d.credential_hash = $1::text and d.deleted_at is null`;

/** Named apart from the earlier texts of the view, which the same connection may not reuse a name for. */
const VIEW_NAME = 'device-view-cacheable';

export async function readDeviceView(
  query: PreparedQuery,
  credentialHash: string,
  at: Date,
): Promise<DeviceView | undefined> {
  const [row] = await query<ViewRow>(VIEW_NAME, VIEW_TEXT, [credentialHash, at.toISOString()]);
  if (!row) return undefined;
  const schedule = row.deviceSchedule ?? row.locationSchedule;
  return {
    device: { id: row.id, locationId: row.locationId, campaignId: row.deviceCampaignId },
    firmwareVersion: row.firmwareVersion,
    configVersion: row.configVersion,
    seenAgoMs: row.seenAgoMs,
    heardAgoMs: row.heardAgoMs,
    validForMs: row.validForMs,
    config: {
      initiativeId: row.initiativeId,
      campaign: {
        id: row.campaignId,
        name: row.name,
        fragranceShots: row.fragranceShots,
        updatedAt: row.updatedAt,
      },
      collection: parsed(row.collection),
      schedule: {
        source: row.deviceSchedule ? 'device' : 'location',
        timeZone: row.timeZone,
        ranges: schedule.ranges,
      },
    },
    capsules: parsed(row.capsules),
  };
}
