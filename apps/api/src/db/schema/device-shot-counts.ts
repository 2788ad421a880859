import { bigint, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each device's shots per UTC day and campaign (the campaign it played when it fired), kept by
 * ingestion in the batch's own transaction (migration 0038): the devices list's "shots in the period"
 * reads its whole UTC days here, a few rows per device whatever the shots. No fragrance in the key, so
 * a device has about one row a day.
 */
export const shotCountsDeviceDaily = pgTable(
  'shot_counts_device_daily',
  {
    deviceId: integer('device_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.day, table.campaignId] })],
);

/**
 * The same per UTC hour: a period's ragged ends (up to a day at each end, in the viewer's time zone),
 * so a device's shots in the period are exactly what the dashboard counts for it.
 */
export const shotCountsDeviceHourly = pgTable(
  'shot_counts_device_hourly',
  {
    deviceId: integer('device_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    campaignId: integer('campaign_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.hour, table.campaignId] })],
);
