import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { kitColumns } from './kit-columns.ts';
import { mailOutbox } from './mail-outbox.ts';
import { locations, organizations } from './organizations.ts';
import { users } from './users.ts';

/** The statuses' codes (packages/shared initiatives.schemas.ts), checked by the database too. */
const STATUS_CHECK = sql`in ('inReview', 'approved', 'changesRequested', 'rejected', 'inactive')`;

/**
 * Initiatives (issue 27): a campaign played at locations of one organisation from `startsOn` to
 * `endsOn` (both days included, read in each location's time zone), proposed by staff and reviewed by
 * an admin. `status` is its review state; `deletedAt` is set with `inactive` (and cleared on reopening)
 * so the kit's active filter and row counts read it like any record's. Its locations are
 * `initiative_locations`; its status changes and its mails are kept beside it.
 */
export const initiatives = pgTable(
  'initiatives',
  {
    ...kitColumns(110),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 2000 }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('inReview'),
    /** Who proposed it; null once that account is deleted for good. */
    proposedBy: integer('proposed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('initiatives_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('initiatives_created_at_idx').on(table.createdAt, table.id, table.deletedAt),
    index('initiatives_updated_at_idx').on(table.updatedAt, table.id, table.deletedAt),
    index('initiatives_starts_on_idx').on(table.startsOn, table.id),
    index('initiatives_organization_idx').on(table.organizationId, table.status),
    index('initiatives_status_dates_idx').on(table.status, table.startsOn, table.endsOn),
    index('initiatives_campaign_idx').on(table.campaignId),
    index('initiatives_proposed_by_idx').on(table.proposedBy),
    check('initiatives_status_check', sql`${table.status} ${STATUS_CHECK}`),
    check('initiatives_dates_check', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/** Where an initiative plays: locations of its organisation (at least one, kept by the service). */
export const initiativeLocations = pgTable(
  'initiative_locations',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (table) => [
    primaryKey({ columns: [table.initiativeId, table.locationId] }),
    index('initiative_locations_location_idx').on(table.locationId, table.initiativeId),
  ],
);

/**
 * Every change of an initiative's status, its creation included (`fromStatus` null): who, when, from,
 * to, and the reviewer's note. Written with the change, in its transaction; never updated.
 */
export const initiativeStatusChanges = pgTable(
  'initiative_status_changes',
  {
    id: serial('id').primaryKey(),
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 20 }).notNull(),
    note: varchar('note', { length: 1000 }),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('initiative_status_changes_initiative_idx').on(table.initiativeId, table.id),
    index('initiative_status_changes_changed_by_idx').on(table.changedBy),
    check('initiative_status_changes_to_check', sql`${table.toStatus} ${STATUS_CHECK}`),
  ],
);

/**
 * The mails sent about an initiative (a request for changes): the recipient, subject and sanitised
 * body as sent, in which language, by whom, and the outbox row that carries it (whose body the outbox
 * erases once delivered: this copy is the initiative's record).
 */
export const initiativeMails = pgTable(
  'initiative_mails',
  {
    id: serial('id').primaryKey(),
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    statusChangeId: integer('status_change_id')
      .notNull()
      .references(() => initiativeStatusChanges.id, { onDelete: 'cascade' }),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => mailOutbox.id, {
      onDelete: 'set null',
    }),
    recipient: varchar('recipient', { length: 200 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    html: text('html').notNull(),
    language: varchar('language', { length: 5 }).notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('initiative_mails_initiative_idx').on(table.initiativeId, table.id),
    index('initiative_mails_sent_by_idx').on(table.sentBy),
    // One mail per request for changes: a retried request cannot record (or queue) a second.
    uniqueIndex('initiative_mails_status_change_key').on(table.statusChangeId),
  ],
);
