import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { fragrances } from './catalog.ts';
import { capsules, devices } from './devices.ts';
import { locations, organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * Each active capsule's run-out forecast, written by the alerts job from its counted shots over a
 * recent window and its device's schedule: the capsules list, the device page, the sites table and
 * the alerts read it. `runsOutOn` null: no recent shots, no forecast.
 */
export const capsuleForecasts = pgTable(
  'capsule_forecasts',
  {
    capsuleId: integer('capsule_id')
      .primaryKey()
      .references(() => capsules.id, { onDelete: 'cascade' }),
    runsOutOn: date('runs_out_on', { mode: 'string' }),
    /** Shots per scheduled hour over the window the forecast read. */
    shotsPerHour: real('shots_per_hour').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    /**
     * Its capsule's organisation and location (null without one), kept by migration 0057's triggers, so
     * that its row-level security policy asks the row alone, as the capsule's own does.
     */
    organizationId: integer('organization_id'),
    locationId: integer('location_id'),
  },
  (table) => [index('capsule_forecasts_runs_out_idx').on(table.runsOutOn, table.capsuleId)],
);

/**
 * An alert (packages/shared alerts.schemas.ts): raised by the alerts job while its condition holds,
 * cleared (`clearedAt`) when it stops. At most one open alert per kind and subject — the partial
 * unique index is what makes two instances running the job raise it once.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    severity: varchar('severity', { length: 16 }).notNull(),
    canKeepRunning: boolean('can_keep_running').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    capsuleId: integer('capsule_id').references(() => capsules.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    slot: smallint('slot'),
    fragranceId: integer('fragrance_id').references(() => fragrances.id),
    runsOutOn: date('runs_out_on', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alerts_open_subject_key')
      .on(table.kind, table.deviceId, sql`coalesce(${table.capsuleId}, 0)`)
      .where(sql`${table.clearedAt} is null`),
    index('alerts_open_raised_idx').on(table.raisedAt, table.id).where(sql`${table.clearedAt} is null`),
    index('alerts_device_idx').on(table.deviceId),
    index('alerts_capsule_idx').on(table.capsuleId),
  ],
);

/** Which alerts a person has read (the notification tab's unread count is per person). */
export const alertReads = pgTable(
  'alert_reads',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.alertId] }),
    index('alert_reads_alert_idx').on(table.alertId),
  ],
);

/**
 * A person's notification choices, apart from `users` so that the digest job's bookkeeping
 * (`lastDigestOn`) is not an edit of the account in its trail.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  /** The UTC day of the last digest queued, so that one instance of several queues it, once a day. */
  lastDigestOn: date('last_digest_on', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
