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
  /** Its last-seen (and last heartbeat) time is recent enough that writing it again would add nothing. */
  isSeenRecently: boolean;
  isHeardRecently: boolean;
  config: ConfigSource;
  /** Only when asked for (`withCapsules`): the capsules in its slots, by slot. */
  capsules: HeldCapsule[];
};

type ViewRow = {
  id: number;
  locationId: number;
  deviceCampaignId: number;
  firmwareVersion: string | null;
  configVersion: string | null;
  isSeenRecently: boolean;
  isHeardRecently: boolean;
  initiativeId: number | null;
  campaignId: number;
  name: string;
  fragranceShots: number;
  updatedAt: string;
  deviceSchedule: Schedule | null;
  locationSchedule: Schedule;
  timeZone: string;
  collection: ConfigSource['collection'] | string;
  capsules: HeldCapsule[] | string | null;
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The active device holding `credentialHash`, with its state, its configuration and (when asked) its
 * capsules, in one read-only statement: a heartbeat that changes nothing and a fetch of an unchanged
 * configuration are answered from it alone. Read on every call, never cached, so a revoked, retired or
 * reprovisioned credential is refused at once on every instance.
 *
 * What it plays: its campaign with the collection, and the schedule in force (its own or its
 * location's). On a day (`at` in its location's time zone) within an approved initiative at its
 * location, the initiative's campaign instead (two approved initiatives never put different campaigns
 * on one location on one day; of several with the same campaign, the latest started).
 */
/** The view's text: `$1` the credential's hash, `$2` the time, `$3` the precision in seconds. */
function viewText(withCapsules: boolean): string {
  const capsules = withCapsules
    ? `(select coalesce(json_agg(json_build_object('slot', c.slot, 'serialNumber', c.serial_number,
          'fragranceId', c.fragrance_id, 'remainingShots', lv.remaining_shots) order by c.slot), '[]')
        from capsules c join capsule_levels lv on lv.capsule_id = c.id where c.device_id = d.id)`
    : 'null';
  return `
    select d.id, d.location_id as "locationId", d.campaign_id as "deviceCampaignId",
      st.firmware_version as "firmwareVersion", st.config_version as "configVersion",
      coalesce(st.last_seen_at > now() - make_interval(secs => $3), false) as "isSeenRecently",
      coalesce(st.last_heartbeat_at > now() - make_interval(secs => $3), false) as "isHeardRecently",
      pick.initiative_id as "initiativeId", c.id as "campaignId", c.name, c.fragrance_shots as "fragranceShots",
      to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "updatedAt",
      d.schedule as "deviceSchedule", l.schedule as "locationSchedule", l.time_zone as "timeZone",
      (select coalesce(json_agg(json_build_object('slot', s.slot, 'fragranceId', s.fragrance_id,
          'fragranceName', f.name, 'shotSeconds', s.shot_seconds) order by s.slot), '[]')
        from campaign_slots s join fragrances f on f.id = s.fragrance_id
        where s.campaign_id = c.id) as collection,
      ${capsules} as capsules
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
}

const VIEW = { name: 'device-view', text: viewText(false) };
const VIEW_WITH_CAPSULES = { name: 'device-view-capsules', text: viewText(true) };

export async function readDeviceView(
  query: PreparedQuery,
  credentialHash: string,
  options: { at: Date; seenPrecisionSeconds: number; withCapsules: boolean },
): Promise<DeviceView | undefined> {
  const { name, text } = options.withCapsules ? VIEW_WITH_CAPSULES : VIEW;
  const rows = await query<ViewRow>(name, text, [
    credentialHash,
    options.at.toISOString(),
    options.seenPrecisionSeconds,
  ]);
  const [row] = rows;
  if (!row) return undefined;
  const schedule = row.deviceSchedule ?? row.locationSchedule;
  return {
    device: { id: row.id, locationId: row.locationId, campaignId: row.deviceCampaignId },
    firmwareVersion: row.firmwareVersion,
    configVersion: row.configVersion,
    isSeenRecently: row.isSeenRecently,
    isHeardRecently: row.isHeardRecently,
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
    capsules: row.capsules === null ? [] : parsed(row.capsules),
  };
}
