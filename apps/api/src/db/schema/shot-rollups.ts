import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Roll-ups of `shot_counts_daily` whose size does not grow with the shots or the fleet's locations,
 * so that a year's dashboard question reads a few thousand rows at any size (migration 0029). A timed
 * job rolls the daily counts up one closed UTC day at a time, up to `shot_rollup_state.rolled_through`;
 * ingestion adds a late shot on a day at or before it to the roll-ups too, in the same transaction. A
 * reader takes whole months and days up to the watermark from here and the days after it from the
 * daily counts: the total is exact at every moment.
 */
export const shotRollupState = pgTable(
  'shot_rollup_state',
  {
    /** One row: 1. */
    id: smallint('id').primaryKey(),
    /** The last UTC day rolled up (inclusive): every day up to it is in the roll-ups. */
    rolledThrough: date('rolled_through', { mode: 'string' }).notNull(),
  },
  (table) => [check('shot_rollup_state_single', sql`${table.id} = 1`)],
);

const grain = () => varchar('grain', { length: 5 }).notNull();
const grainCheck = (name: string, column: unknown) => check(name, sql`${column} in ('day', 'month')`);

/** The whole fleet's shots per campaign and fragrance, per UTC day and per month (`starts_on`: its first day). */
export const shotRollupsFleet = pgTable(
  'shot_rollups_fleet',
  {
    grain: grain(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.grain, table.startsOn, table.campaignId, table.fragranceId] }),
    grainCheck('shot_rollups_fleet_grain', table.grain),
  ],
);

/**
 * The whole fleet's shots per UTC day, campaign and fragrance, for every day: the sums of
 * `shot_counts_daily` over its locations, kept equal to them by that table's triggers (migration 0034)
 * in the statement that changes it. So today's chart reads one row per campaign and fragrance however
 * many locations shoot, and a period's first day is its day row less the hours before it.
 */
export const shotCountsFleetDaily = pgTable(
  'shot_counts_fleet_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.campaignId, table.fragranceId] })],
);

/**
 * Each location's shots per UTC day, all campaigns and fragrances together, for every day, kept like
 * `shotCountsFleetDaily`: the sites table's today and first day.
 */
export const shotCountsLocationDaily = pgTable(
  'shot_counts_location_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.locationId] }),
    // One organisation's locations over a period (a member's sites table, a filter): by location.
    index('shot_counts_location_daily_location_day_idx').on(table.locationId, table.day),
  ],
);

/** Each location's shots, all campaigns and fragrances together, per UTC day and per month: the sites table. */
export const shotRollupsLocation = pgTable(
  'shot_rollups_location',
  {
    grain: grain(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.grain, table.startsOn, table.locationId] }),
    grainCheck('shot_rollups_location_grain', table.grain),
  ],
);

/**
 * The daily counts per month (location, campaign, fragrance): the charts filtered by organisation or
 * location read whole months here, by location first, and the other days from the daily counts.
 */
export const shotCountsMonthly = pgTable(
  'shot_counts_monthly',
  {
    locationId: integer('location_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.month, table.campaignId, table.fragranceId] })],
);

/**
 * The whole fleet's shots per UTC hour, campaign and fragrance, for the hours of the days rolled up: the
 * ragged ends of a period (up to 24 hours) without reading every location's hourly counts.
 */
export const shotRollupsFleetHourly = pgTable(
  'shot_rollups_fleet_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.campaignId, table.fragranceId] })],
);

/** Each location's shots per UTC hour, for the hours of the days rolled up: the sites table's ragged ends. */
export const shotRollupsLocationHourly = pgTable(
  'shot_rollups_location_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    locationId: integer('location_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.locationId] })],
);

/**
 * Each organisation's shots per UTC day, campaign and fragrance, for every day, kept like
 * `shotCountsFleetDaily` by the daily counts' triggers (migration 0042), under the organisation the
 * location belongs to now (a location moved to another organisation takes its days along). A member who
 * sees every location of their organisation, and the staff's charts filtered by one organisation, read
 * a period here: one organisation's few rows per day, not its locations' daily counts.
 */
export const shotCountsOrganizationDaily = pgTable(
  'shot_counts_organization_daily',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.day, table.campaignId, table.fragranceId] }),
  ],
);
