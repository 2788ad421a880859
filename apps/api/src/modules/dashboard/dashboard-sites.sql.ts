import { FLEET_SITE_SORTS, type SiteSort } from '@scentia/shared/dashboard.schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { CountRanges } from '../../lib/count-period.ts';
import {
  locationCondition,
  locationCounts,
  organizationCounts,
  type SiteFilter,
} from './dashboard-counts.sql.ts';

export type SitesRead = {
  ranges: CountRanges;
  filter: SiteFilter;
  groupBy: 'organization' | 'location';
  sort: SiteSort;
  order: 'asc' | 'desc';
  offlineAfterMinutes: number;
  /** Capsules forecast to run out within this many days of today (in their location's zone) count as running out. */
  runningOutDays: number;
  /** The page: `limit` sites after the first `offset`. */
  limit: number;
  offset: number;
};

const FIGURE_COLUMNS: Record<SiteSort, SQL> = {
  name: sql`f.name`,
  shots: sql`f.shot_total`,
  activeDevices: sql`f."activeDevices"`,
  offlineDevices: sql`f."offlineDevices"`,
  capsulesRunningOut: sql`f."capsulesRunningOut"`,
};

/** The sites the filter keeps, before any figure: every active organisation, or every active location. */
function candidates(read: SitesRead): { from: SQL; where: SQL } {
  const { filter } = read;
  if (read.groupBy === 'location')
    return {
      from: sql`locations l join organizations o on o.id = l.organization_id`,
      where: sql`l.deleted_at is null and o.deleted_at is null and ${locationCondition(sql`l.id`, filter)}`,
    };
  const conditions = [sql`o.deleted_at is null`];
  if (filter.organizationId !== undefined) conditions.push(sql`o.id = ${filter.organizationId}`);
  // A location filter (one, or a location-limited member's) keeps the organisations holding one of them.
  if (filter.locationId !== undefined || filter.locationIds !== undefined)
    conditions.push(sql`exists (select 1 from locations l
      where l.organization_id = o.id and ${locationCondition(sql`l.id`, filter)})`);
  return { from: sql`organizations o`, where: sql.join(conditions, sql` and `) };
}

/**
 * The page's sites, chosen before any device or capsule is read: by name from the organisations or
 * locations alone, by shots from the period's shots per location (the roll-ups); by a device or capsule
 * figure, every site the filter keeps (one organisation's: the service refuses those sorts fleet-wide),
 * the page cut once their figures are known.
 */
function chosenSites(read: SitesRead, isCheap: boolean, isOneOrganization: boolean): SQL {
  const { from, where } = candidates(read);
  const direction = read.order === 'desc' ? sql`desc` : sql`asc`;
  const byLocation = read.groupBy === 'location';
  const columns = byLocation
    ? sql`l.id as site_id, l.organization_id, l.id as location_id, l.name, l.time_zone`
    : sql`o.id as site_id, o.id as organization_id, null::int as location_id, o.name, null::text as time_zone`;
  const name = byLocation ? sql`l.name` : sql`o.name`;
  const id = byLocation ? sql`l.id` : sql`o.id`;
  if (!isCheap) return sql`select ${columns} from ${from} where ${where}`;
  const page = sql`limit ${read.limit} offset ${read.offset}`;
  if (read.sort === 'name')
    return sql`select ${columns} from ${from} where ${where}
      order by ${name} ${direction}, ${id} ${direction} ${page}`;
  const shots = byLocation
    ? { join: sql`left join period_shots p on p.location_id = l.id`, total: sql`coalesce(p.shots, 0)` }
    : isOneOrganization
      ? { join: sql`left join organization_shots p on true`, total: sql`coalesce(p.shots, 0)` }
      : {
          join: sql`left join (select loc.organization_id, sum(p.shots) as shots
            from period_shots p join locations loc on loc.id = p.location_id group by loc.organization_id) p
          on p.organization_id = o.id`,
          total: sql`coalesce(p.shots, 0)`,
        };
  return sql`select ${columns} from ${from} ${shots.join} where ${where}
    order by ${shots.total} ${direction}, ${name}, ${id} ${page}`;
}

/**
 * One organisation's sites, per organisation: its period's shots are its daily sums' (migration 0044, a
 * few rows a day), not its locations' (a row per location and day, each read through its policy for a
 * member): docs/performance/member-cost.md.
 */
const isOneOrganizationRead = ({ groupBy, filter }: SitesRead) =>
  groupBy === 'organization' &&
  filter.organizationId !== undefined &&
  filter.locationId === undefined &&
  filter.locationIds === undefined;

/**
 * One page of the sites compared, with how many there are (`total` on every row; one row of nulls
 * but the total when the page is past the end). The device and capsule figures are computed for the
 * page's sites only; the period's shots for them only too, unless the sort by shots needs every site's.
 */
export function sitesPageStatement(read: SitesRead, rolledThrough: string): SQL {
  const { filter } = read;
  const isCheap = (FLEET_SITE_SORTS as readonly SiteSort[]).includes(read.sort);
  const isShotsFirst = isCheap && read.sort === 'shots';
  const organizationId = isOneOrganizationRead(read) ? filter.organizationId : undefined;
  const counts = (within: SiteFilter) =>
    organizationId !== undefined
      ? sql`organization_shots as materialized (
          select sum(shots) as shots from (${organizationCounts(read.ranges, organizationId)}) u
        )`
      : sql`period_shots as materialized (
          select location_id, sum(shots) as shots from (${locationCounts(read.ranges, within, rolledThrough)}) u
          group by location_id
        )`;
  // The last day a forecast may fall on for its capsule to count as running out, in the location's zone.
  const runsOutBy = (timeZone: SQL) =>
    sql`(now() at time zone ${timeZone})::date + ${read.runningOutDays}::int as runs_out_by`;
  const siteLocations =
    read.groupBy === 'location'
      ? sql`site_locations as materialized (select s.location_id, s.site_id, ${runsOutBy(sql`s.time_zone`)} from sites s)`
      : sql`site_locations as materialized (
          select l.id as location_id, s.site_id, ${runsOutBy(sql`l.time_zone`)}
          from sites s join locations l on l.organization_id = s.organization_id
          where ${locationCondition(sql`l.id`, filter)}
        )`;
  const sites = sql`sites as materialized (${chosenSites(read, isCheap, organizationId !== undefined)})`;
  const pageLocations = sql`(select location_id from site_locations)`;
  const offlineSince = sql`now() - make_interval(mins => ${read.offlineAfterMinutes})`;
  // Materialised, and each summed per site from the page's locations by index: joined to the sites
  // by site, never location by location. Under a member's row-level security the planner's estimates
  // are guesses (one row each), and CTEs joined on the location were scanned once per location
  // (docs/performance/member-cost.md).
  // A capsule runs out when it has a level and that level is 0 or its forecast falls within the days.
  // The levels of 0 are one hashed set, read once by their index (`capsule_levels_remaining_idx`), for the
  // staff and a member alike: as a correlated `exists`, a member's plan (its policy's estimates are
  // guesses) probed the levels once per capsule where the staff's hashed them
  // (docs/performance/member-dashboard-sites.md). The forecast's day is compared with a day already computed,
  // a cheap, leakproof condition tested before a member's policy.
  const figures = sql`
    fleet as materialized (
      select sl.site_id, count(*) as active_devices,
        count(*) filter (where st.last_seen_at is null or st.last_seen_at <= ${offlineSince}) as offline_devices
      from site_locations sl
      join devices d on d.location_id = sl.location_id and d.deleted_at is null
      left join device_states st on st.device_id = d.id
      group by sl.site_id
    ),
    running_out as materialized (
      select sl.site_id, count(*) as capsules
      from site_locations sl
      join devices d on d.location_id = sl.location_id and d.deleted_at is null
      join capsules c on c.device_id = d.id and c.deleted_at is null
      where c.id in (select lv.capsule_id from capsule_levels lv where lv.remaining_shots = 0)
        or exists (select 1 from capsule_forecasts fc join capsule_levels lv on lv.capsule_id = fc.capsule_id
          where fc.capsule_id = c.id and fc.runs_out_on <= sl.runs_out_by)
      group by sl.site_id
    ),
    site_shots as materialized (${
      organizationId !== undefined
        ? sql`select s.site_id, p.shots from sites s cross join organization_shots p`
        : sql`select sl.site_id, sum(p.shots) as shots
          from site_locations sl join period_shots p on p.location_id = sl.location_id
          group by sl.site_id`
    }),
    figures as (
      select s.site_id, s.organization_id, s.location_id, s.name, coalesce(sp.shots, 0) as shot_total,
        coalesce(fl.active_devices, 0)::int as "activeDevices",
        coalesce(fl.offline_devices, 0)::int as "offlineDevices",
        coalesce(r.capsules, 0)::int as "capsulesRunningOut"
      from sites s
      left join site_shots sp on sp.site_id = s.site_id
      left join fleet fl on fl.site_id = s.site_id
      left join running_out r on r.site_id = s.site_id
    )`;
  // Before the sites when the sort needs every site's shots; else after, for the page's locations only.
  const ctes = isShotsFirst
    ? [counts(filter), sites, siteLocations]
    : [sites, siteLocations, counts({ ...filter, locationsIn: pageLocations })];
  const direction = read.order === 'desc' ? sql`desc` : sql`asc`;
  const sortKey =
    read.sort === 'name'
      ? sql`f.name ${direction}, f.site_id ${direction}`
      : sql`${FIGURE_COLUMNS[read.sort]} ${direction}, f.name, f.site_id`;
  const { from, where } = candidates(read);
  // A bigint leaves the database as text (drivers differ on bigints); it sorts as the number inside.
  return sql`
    with ${sql.join(ctes, sql`, `)}, ${figures},
    paged as (
      select f.* from figures f order by ${sortKey}
      ${isCheap ? sql`` : sql`limit ${read.limit} offset ${read.offset}`}
    ),
    total as (select count(*) as total from ${from} where ${where})
    select t.total::text as total, f.organization_id as "organizationId", o.name as "organizationName",
      f.location_id as "locationId", case when f.location_id is null then null else f.name end as "locationName",
      f.shot_total::text as shots, f."activeDevices", f."offlineDevices", f."capsulesRunningOut"
    from total t
    left join paged f on true
    left join organizations o on o.id = f.organization_id
    order by ${sortKey}`;
}
