import type { Schedule } from '@scentia/shared/schedules.schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { fragrances } from './catalog.ts';
import { kitColumns } from './kit-columns.ts';
import { locations, organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * A diffuser standing at a location (and so owned by the location's organisation) and playing a
 * campaign: the record staff edit, audited like every resource. What the device reports on its own
 * (last seen, firmware) lives in `device_states`, so that a heartbeat writes no audit event.
 *
 * `organizationId` and the `search_*` copies (campaign, user, owner and location names, as searched)
 * are kept by migration 0023's triggers, so the list filters, searches and sorts without joins.
 * `credentialHash` (SHA-256 of the credential the device got at provisioning) and `secretCiphertext`
 * (its reset-code secret, encrypted with a key the database does not hold) are secret columns: the
 * trail names their change, never their value.
 */
export const devices = pgTable(
  'devices',
  {
    ...kitColumns(720),
    /** 12 upper-case hex digits (packages/shared `normalizeMacAddress`). */
    macAddress: varchar('mac_address', { length: 12 }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    /** The app user linked to it by pairing; set to null when that account is anonymised. */
    userId: integer('user_id').references(() => users.id),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    /**
     * The reset-code step (RFC 6238's counter) of the last code a pairing accepted: a code of that step
     * or an older one is refused, so a code read once cannot pair again after an unpairing (§5.2).
     */
    pairingStep: integer('pairing_step'),
    /** Its own weekly schedule, or null to follow its location's. */
    schedule: jsonb('schedule').$type<Schedule>(),
    credentialHash: varchar('credential_hash', { length: 64 }),
    secretCiphertext: text('secret_ciphertext'),
    provisionedAt: timestamp('provisioned_at', { withTimezone: true }),
    searchCampaign: text('search_campaign').notNull().default(''),
    searchUser: text('search_user').notNull().default(''),
    searchOwner: text('search_owner').notNull().default(''),
    searchLocation: text('search_location').notNull().default(''),
  },
  (table) => [
    uniqueIndex('devices_mac_address_key').on(table.macAddress),
    uniqueIndex('devices_credential_hash_key').on(table.credentialHash),
    index('devices_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('devices_location_idx').on(table.locationId, table.createdAt, table.id),
    index('devices_organization_idx').on(table.organizationId, table.createdAt, table.id),
    index('devices_campaign_idx').on(table.campaignId, table.createdAt, table.id),
    index('devices_user_idx').on(table.userId),
    // The list's sorts, each with the id and the state: a deep page's ids come from the index alone.
    index('devices_mac_sort_idx').on(table.macAddress, table.id, table.deletedAt),
    index('devices_search_campaign_idx').on(table.searchCampaign, table.id, table.deletedAt),
    index('devices_search_user_idx').on(table.searchUser, table.id, table.deletedAt),
    index('devices_search_owner_idx').on(table.searchOwner, table.id, table.deletedAt),
    index('devices_search_location_idx').on(table.searchLocation, table.id, table.deletedAt),
    index('devices_created_at_idx').on(table.createdAt, table.id, table.deletedAt),
    index('devices_updated_at_idx').on(table.updatedAt, table.id, table.deletedAt),
  ],
);

/**
 * What a device tells about itself: when it was last heard from (any device call), its firmware and
 * the config version it last fetched. One row per device, written by the device API, not audited.
 */
export const deviceStates = pgTable(
  'device_states',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    firmwareVersion: varchar('firmware_version', { length: 32 }),
    configVersion: varchar('config_version', { length: 64 }),
    /**
     * Its device's organisation and location (null without one), kept by migration 0057's triggers, so
     * that its row-level security policy asks the row alone, as the device's own does.
     */
    organizationId: integer('organization_id'),
    locationId: integer('location_id'),
  },
  (table) => [index('device_states_last_seen_idx').on(table.lastSeenAt, table.deviceId)],
);

/**
 * A fragrance capsule, known by the serial number on its label from the first heartbeat that reports
 * it. It sits in one slot of one device, or in none once taken out (then inactive: `deletedAt`).
 * Its level (shots left) lives apart, in `capsule_levels`. Device telemetry, not a record staff edit:
 * it has search text and row counts, and no audit trail (a batch of shots is not an event of anyone's).
 */
export const capsules = pgTable(
  'capsules',
  {
    ...kitColumns(400),
    serialNumber: varchar('serial_number', { length: 32 }).notNull(),
    fragranceId: integer('fragrance_id')
      .notNull()
      .references(() => fragrances.id),
    sizeShots: integer('size_shots').notNull(),
    deviceId: integer('device_id').references(() => devices.id),
    /**
     * Its device's organisation and location (null without a device), kept by migration 0055's
     * triggers, so that its row-level security policy asks the capsule alone, as the devices' does.
     */
    organizationId: integer('organization_id'),
    locationId: integer('location_id'),
    slot: smallint('slot'),
    dueDate: date('due_date', { mode: 'string' }),
    searchFragrance: text('search_fragrance').notNull().default(''),
    searchDevice: text('search_device').notNull().default(''),
  },
  (table) => [
    uniqueIndex('capsules_serial_number_key').on(table.serialNumber),
    // One capsule per slot of a device.
    uniqueIndex('capsules_device_slot_key').on(table.deviceId, table.slot),
    index('capsules_fragrance_idx').on(table.fragranceId, table.createdAt, table.id),
    index('capsules_organization_idx').on(table.organizationId, table.createdAt, table.id),
    index('capsules_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('capsules_serial_sort_idx').on(table.serialNumber, table.id, table.deletedAt),
    index('capsules_search_fragrance_idx').on(table.searchFragrance, table.id, table.deletedAt),
    index('capsules_search_device_idx').on(table.searchDevice, table.id, table.deletedAt),
    index('capsules_due_date_idx').on(table.dueDate, table.id, table.deletedAt),
    index('capsules_created_at_idx').on(table.createdAt, table.id, table.deletedAt),
    index('capsules_updated_at_idx').on(table.updatedAt, table.id, table.deletedAt),
  ],
);

/**
 * A capsule's level (shots left): set from the device's count when the capsule is first seen, then
 * lowered by every shot batch, never below zero. Its own narrow table because every batch rewrites
 * it: an update here touches a row with two indexes, not a capsules row with eleven (trigram GIN
 * included), its triggers and its `updated_at`.
 */
export const capsuleLevels = pgTable(
  'capsule_levels',
  {
    capsuleId: integer('capsule_id')
      .primaryKey()
      .references(() => capsules.id, { onDelete: 'cascade' }),
    remainingShots: integer('remaining_shots').notNull(),
    /**
     * Its capsule's organisation and location (null without one), kept by migration 0057's triggers, so
     * that its row-level security policy asks the row alone, as the capsule's own does.
     */
    organizationId: integer('organization_id'),
    locationId: integer('location_id'),
  },
  // The capsules list's sort by level, with the capsule's id as the tie-break.
  (table) => [index('capsule_levels_remaining_idx').on(table.remainingShots, table.capsuleId)],
);

/**
 * Every shot a device reported: partitioned by month on `shot_at` (migration 0023 declares the
 * partitioning, which this builder cannot), so that retention drops whole partitions. No foreign keys:
 * a row is written once by ingestion, from ids it has just read, and outlives nothing it names.
 */
export const shots = pgTable(
  'shots',
  {
    shotAt: timestamp('shot_at', { withTimezone: true }).notNull(),
    deviceId: integer('device_id').notNull(),
    locationId: integer('location_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    capsuleId: integer('capsule_id').notNull(),
    slot: smallint('slot').notNull(),
    count: integer('count').notNull(),
    batchSequence: bigint('batch_sequence', { mode: 'number' }).notNull(),
  },
  (table) => [index('shots_device_at_idx').on(table.deviceId, table.shotAt)],
);

/**
 * The batches received, by the device's own sequence: a batch sent twice is counted once. Since
 * migration 0050 a batch is acknowledged by writing this row alone, with its entries and what the
 * acknowledgement resolved (the device's location and campaign, each entry's capsule and fragrance);
 * the fold (fold_shot_batches) credits them to the shots, levels and counts and clears the entries.
 * Entries present (`ats` not null) = not yet folded.
 */
export const shotBatches = pgTable(
  'shot_batches',
  {
    deviceId: integer('device_id').notNull(),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    shots: integer('shots').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    locationId: integer('location_id'),
    campaignId: integer('campaign_id'),
    ats: timestamp('ats', { withTimezone: true }).array(),
    slots: smallint('slots').array(),
    counts: integer('counts').array(),
    capsuleIds: integer('capsule_ids').array(),
    fragranceIds: integer('fragrance_ids').array(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.sequence] }),
    index('shot_batches_received_idx').on(table.receivedAt),
    index('shot_batches_unfolded_idx')
      .on(table.deviceId, table.sequence)
      .where(sql`${table.ats} is not null`),
  ],
);

/**
 * Shots per UTC hour, location, campaign and fragrance: what the dashboard reads, kept by ingestion in
 * the batch's own transaction (one upsert per key per batch, keys in a fixed order).
 */
export const shotCountsHourly = pgTable(
  'shot_counts_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    locationId: integer('location_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
    /**
     * The location's organisation, kept by migration 0062's triggers (and written by the fold): a
     * member's policy asks the row alone instead of looking its location up (issue 39 §8).
     */
    organizationId: integer('organization_id'),
  },
  (table) => [primaryKey({ columns: [table.hour, table.locationId, table.campaignId, table.fragranceId] })],
);

/**
 * The same counts per UTC day: a period of months reads whole days here and only its ragged edges
 * (the hours before its first and after its last whole UTC day) from the hourly counts, so every
 * dashboard answer costs about the same whatever the period and however many shots there are.
 */
export const shotCountsDaily = pgTable(
  'shot_counts_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
    fragranceId: integer('fragrance_id').notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.locationId, table.campaignId, table.fragranceId] }),
    // The charts filtered by organisation or location read their days here by location (migration 0029).
    index('shot_counts_daily_location_day_idx').on(table.locationId, table.day),
  ],
);

/** Shots per capsule and UTC day: a capsule's recent pace, for run-out forecasts. Kept like the hourly counts. */
export const capsuleShotDays = pgTable(
  'capsule_shot_days',
  {
    capsuleId: integer('capsule_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shots: bigint('shots', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.capsuleId, table.day] })],
);

/**
 * Each campaign version a device has fetched: the first fetch of a version counts in the campaign's
 * `downloads`, a repeated one does not.
 */
export const campaignDownloads = pgTable(
  'campaign_downloads',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The campaign's `updatedAt` the device received. */
    campaignUpdatedAt: timestamp('campaign_updated_at', { withTimezone: true }).notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.campaignId, table.campaignUpdatedAt] })],
);
