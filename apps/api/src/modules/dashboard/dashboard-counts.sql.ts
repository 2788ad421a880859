// The SQL that sums the pre-aggregated shot counts over a period, for the dashboard's reads.
import { type SQL, sql } from 'drizzle-orm';
import type { CountRanges, HourRange } from '../../lib/count-period.ts';
import { type DayRange, type RollupRanges, raggedEndsOf, rollupRangesOf } from './dashboard-period.ts';

/** Which locations count: one organisation's, one location, both (then that location if it is the organisation's), or all. */
/** `locationIds`: a member limited to some locations (lib/access-scope.ts) counts theirs only. */
export type SiteFilter = {
  organizationId?: number;
  locationId?: number;
  locationIds?: number[];
  /** A subquery of location ids the sites table reads its page's shots for (its page's locations). */
  locationsIn?: SQL;
};

export type CampaignFragranceCount = {
  campaignId: number;
  campaignName: string;
  fragranceId: number;
  fragranceName: string;
  shots: number;
};

export function locationCondition(column: SQL, filter: SiteFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.organizationId !== undefined)
    conditions.push(
      sql`${column} in (select id from locations where organization_id = ${filter.organizationId})`,
    );
  if (filter.locationId !== undefined) conditions.push(sql`${column} = ${filter.locationId}`);
  if (filter.locationsIn !== undefined) conditions.push(sql`${column} in ${filter.locationsIn}`);
  if (filter.locationIds !== undefined) {
    const ids = filter.locationIds.map((id) => sql`${id}::int`);
    conditions.push(ids.length === 0 ? sql`false` : sql`${column} in (${sql.join(ids, sql`, `)})`);
  }
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

const dayRange = (column: SQL, range: DayRange) =>
  sql`(${column} >= ${range.from}::date and ${column} < ${range.to}::date)`;

const hourRanges = (ranges: HourRange[]) =>
  sql.join(
    ranges.map(
      (range) =>
        sql`(hour >= ${range.from.toISOString()}::timestamptz and hour < ${range.to.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  );

/**
 * The period's ragged ends (hours) as rows to sum: with `rolled`, the hours of the days rolled up from
 * that hourly roll-up (`rolled.until`: the first instant after the watermark's day), the others from
 * every location's hourly counts.
 */
function hourCounts(
  hours: HourRange[],
  columns: SQL,
  filter: SiteFilter,
  rolled?: { table: SQL; until: Date },
): SQL[] {
  const until = rolled?.until.getTime() ?? Number.NEGATIVE_INFINITY;
  const early = hours
    .filter((range) => range.from.getTime() < until)
    .map((range) => ({ from: range.from, to: new Date(Math.min(range.to.getTime(), until)) }));
  const late = hours
    .filter((range) => range.to.getTime() > until)
    .map((range) => ({ from: new Date(Math.max(range.from.getTime(), until)), to: range.to }));
  const parts: SQL[] = [];
  if (rolled && early.length > 0)
    parts.push(sql`select ${columns} from ${rolled.table}
      where (${hourRanges(early)}) and ${locationCondition(sql`location_id`, filter)}`);
  if (late.length > 0)
    parts.push(sql`select ${columns} from shot_counts_hourly
      where (${hourRanges(late)}) and ${locationCondition(sql`location_id`, filter)}`);
  return parts;
}

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function dailyCounts(range: DayRange, columns: SQL, filter: SiteFilter): SQL {
  return sql`select ${columns} from shot_counts_daily
    where ${dayRange(sql`day`, range)} and ${locationCondition(sql`location_id`, filter)}`;
}

/**
 * The watermark's month so far (`RollupRanges.monthToDate`): `monthRow` while the watermark is still
 * the one the reader read, checked in the same statement (one snapshot), else `dayRows`. Both are
 * `select … where …` over the range; the check is added to their conditions.
 */
function monthToDateCounts(toDate: { rolledThrough: string }, monthRow: SQL, dayRows: SQL): SQL[] {
  const isUnchanged = sql`(select rolled_through from shot_rollup_state where id = 1) = ${toDate.rolledThrough}::date`;
  return [sql`${monthRow} and ${isUnchanged}`, sql`${dayRows} and not ${isUnchanged}`];
}

function rolledCounts(table: SQL, columns: SQL, split: RollupRanges, filter: SiteFilter): SQL[] {
  const rows = (grain: 'day' | 'month', range: DayRange) =>
    sql`select ${columns} from ${table} where grain = ${sql.raw(`'${grain}'`)} and ${dayRange(sql`starts_on`, range)}
      and ${locationCondition(sql`location_id`, filter)}`;
  const parts: SQL[] = [];
  if (split.months) parts.push(rows('month', split.months));
  if (split.monthToDate)
    parts.push(
      ...monthToDateCounts(
        split.monthToDate,
        rows('month', split.monthToDate),
        rows('day', split.monthToDate),
      ),
    );
  for (const range of split.rolledDays) parts.push(rows('day', range));
  return parts;
}

const unionAll = (parts: SQL[]) => sql.join(parts, sql` union all `);

/**
 * The period's shots per campaign and fragrance, as rows to sum (never `shots`): whole months and
 * days up to the roll-ups' watermark from the roll-ups, the days after it from the daily counts, the
 * hours at both ends from the hourly counts. Unfiltered, from the fleet's roll-ups and daily counts
 * (`rolledUpCounts`: a year is at most 13 month rows, the days of the month it starts in, the days
 * after the watermark and a few hours per key, whatever the shots and the locations); by organisation
 * alone (the staff's filter, or a member who sees every location), from its daily sums
 * (`organizationCounts`); by location (one, or a location-limited member's), the whole months from the
 * monthly counts of their locations and the other days and hours from the daily and hourly counts.
 */
export function campaignCounts(ranges: CountRanges, filter: SiteFilter, rolledThrough: string): SQL {
  const columns = sql`campaign_id, fragrance_id, shots`;
  const isByLocation = filter.locationId !== undefined || filter.locationIds !== undefined;
  if (!isByLocation && filter.organizationId === undefined)
    return rolledUpCounts(FLEET_COUNTS, ranges, {}, rolledThrough);
  if (!isByLocation && filter.organizationId !== undefined)
    return organizationCounts(ranges, filter.organizationId);
  const parts: SQL[] = hourCounts(ranges.hours, columns, filter);
  if (ranges.days) {
    const split = rollupRangesOf(ranges.days, rolledThrough);
    const monthly = (range: DayRange) =>
      sql`select ${columns} from shot_counts_monthly
        where ${dayRange(sql`month`, range)} and ${locationCondition(sql`location_id`, filter)}`;
    if (split.months) parts.push(monthly(split.months));
    if (split.monthToDate)
      parts.push(
        ...monthToDateCounts(
          split.monthToDate,
          monthly(split.monthToDate),
          dailyCounts(split.monthToDate, columns, filter),
        ),
      );
    const days = [...split.rolledDays, ...(split.openDays ? [split.openDays] : [])];
    for (const range of days) parts.push(dailyCounts(range, columns, filter));
  }
  return unionAll(parts);
}

/**
 * One organisation's shots per campaign and fragrance in the period, from its daily sums (migration
 * 0042): a few rows per day whatever its locations. An end that covers most of its UTC day is that day's
 * row less the day's other hours, the other ends are hours; those hours come from the organisation's
 * locations' hourly counts (at most half a day's at each end), read once, as no hourly sum per
 * organisation is kept.
 */
export function organizationCounts(ranges: CountRanges, organizationId: number): SQL {
  const columns = sql`campaign_id, fragrance_id, shots`;
  const filter = { organizationId };
  const daySums = (condition: SQL) =>
    sql`select ${columns} from shot_counts_organization_daily
      where organization_id = ${organizationId} and ${condition}`;
  const ends = raggedEndsOf(ranges.hours);
  const parts: SQL[] = [];
  // The hours added and the hours taken away in one read of the hourly counts: each read of a table
  // under a member's policy is planned with the policy's sub-selects (docs/performance/member-cost.md).
  const hours = [...ends.hours, ...ends.lessHours];
  if (hours.length > 0) {
    const shots =
      ends.lessHours.length === 0
        ? sql`shots`
        : sql`case when ${hourRanges(ends.lessHours)} then -shots else shots end`;
    parts.push(sql`select campaign_id, fragrance_id, ${shots} as shots from shot_counts_hourly
      where (${hourRanges(hours)}) and ${locationCondition(sql`location_id`, filter)}`);
  }
  // The ends' whole days and the period's days in one read of the daily sums too.
  const dayConditions: SQL[] = [];
  if (ends.days.length > 0) {
    const days = sql.join(
      ends.days.map((day) => sql`${day}::date`),
      sql`, `,
    );
    dayConditions.push(sql`day in (${days})`);
  }
  if (ranges.days) dayConditions.push(dayRange(sql`day`, ranges.days));
  if (dayConditions.length > 0) parts.push(daySums(sql`(${sql.join(dayConditions, sql` or `)})`));
  return parts.length === 0
    ? sql`select 0 as campaign_id, 0 as fragrance_id, 0 as shots where false`
    : unionAll(parts);
}

/**
 * Where `rolledUpCounts` reads one grain of shots: the fleet's per campaign and fragrance (tables without
 * a location, read with an empty filter), or per location.
 */
type RolledUpSource = {
  /** The key columns, without `shots`. */
  keys: SQL;
  /** The roll-ups by day and month, and by hour, up to the watermark (migration 0029). */
  rollups: SQL;
  hourlyRollups: SQL;
  /** The sums of the daily counts for every day (migration 0034). */
  daySums: SQL;
};

/**
 * A period's shots from the roll-ups and the daily sums of one grain, in a few rows per key whatever
 * the shots and the locations: the rolled-up days from the roll-ups, the days after the watermark and an
 * end that covers most of its UTC day from the daily sums (that day less its other hours), the other
 * ends' hours from the hourly roll-up, or every location's hourly counts after the watermark.
 */
function rolledUpCounts(
  source: RolledUpSource,
  ranges: CountRanges,
  filter: SiteFilter,
  rolledThrough: string,
): SQL {
  const columns = sql`${source.keys}, shots`;
  const rolled = { table: source.hourlyRollups, until: dayAfter(rolledThrough) };
  const daySums = (condition: SQL) =>
    sql`select ${columns} from ${source.daySums}
      where ${condition} and ${locationCondition(sql`location_id`, filter)}`;
  const ends = raggedEndsOf(ranges.hours);
  const parts = [
    ...hourCounts(ends.hours, columns, filter, rolled),
    ...hourCounts(ends.lessHours, sql`${source.keys}, -shots`, filter, rolled),
  ];
  if (ends.days.length > 0) {
    const days = sql.join(
      ends.days.map((day) => sql`${day}::date`),
      sql`, `,
    );
    parts.push(daySums(sql`day in (${days})`));
  }
  if (ranges.days) {
    const split = rollupRangesOf(ranges.days, rolledThrough);
    parts.push(...rolledCounts(source.rollups, columns, split, filter));
    if (split.openDays) parts.push(daySums(dayRange(sql`day`, split.openDays)));
  }
  return unionAll(parts);
}

const FLEET_COUNTS: RolledUpSource = {
  keys: sql`campaign_id, fragrance_id`,
  rollups: sql`shot_rollups_fleet`,
  hourlyRollups: sql`shot_rollups_fleet_hourly`,
  daySums: sql`shot_counts_fleet_daily`,
};

const LOCATION_COUNTS: RolledUpSource = {
  keys: sql`location_id`,
  rollups: sql`shot_rollups_location`,
  hourlyRollups: sql`shot_rollups_location_hourly`,
  daySums: sql`shot_counts_location_daily`,
};

/** The period's shots per location, as rows to sum: from the locations' roll-ups and daily sums. */
export function locationCounts(ranges: CountRanges, filter: SiteFilter, rolledThrough: string): SQL {
  return rolledUpCounts(LOCATION_COUNTS, ranges, filter, rolledThrough);
}
