import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { fragrances } from './catalog.ts';
import { kitColumns } from './kit-columns.ts';
import { users } from './users.ts';

/**
 * Campaigns (spec §3 Campaign): a device of 20 fragrance slots, a cover image and one default campaign.
 * `deletedAt` set means inactive; `searchText` is kept by the same trigger as the catalog's names.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    ...kitColumns(100),
    name: varchar('name', { length: 100 }).notNull(),
    fragranceShots: integer('fragrance_shots').notNull().default(100),
    /** Storage keys of the normalised cover image and its thumbnail. */
    coverKey: varchar('cover_key', { length: 200 }),
    coverThumbnailKey: varchar('cover_thumbnail_key', { length: 200 }),
    downloads: integer('downloads').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [
    // At most one default campaign, enforced by the database itself.
    uniqueIndex('campaigns_one_default_key').on(table.isDefault).where(sql`${table.isDefault}`),
    index('campaigns_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('campaigns_search_text_idx').on(table.searchText, table.id),
    index('campaigns_created_at_idx').on(table.createdAt, table.id),
  ],
);

/** A campaign's collection: which fragrance sits in which of the device's 20 slots. */
export const campaignSlots = pgTable(
  'campaign_slots',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    // A fragrance in a collection cannot be deleted for good (RESTRICT), only while it is in none.
    fragranceId: integer('fragrance_id')
      .notNull()
      .references(() => fragrances.id, { onDelete: 'restrict' }),
    shotSeconds: integer('shot_seconds').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.slot] }),
    index('campaign_slots_fragrance_idx').on(table.fragranceId),
    check('campaign_slots_slot_range', sql`${table.slot} between 1 and 20`),
  ],
);

/** A campaign's description per language (pt-BR required, en-US and es-ES optional), at most 100. */
export const campaignDescriptions = pgTable(
  'campaign_descriptions',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 5 }).notNull(),
    description: varchar('description', { length: 100 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.language] })],
);

/**
 * Each print or download of a campaign's QR code, with the version (`updatedAt`) the code carried: the
 * list compares the latest one with the campaign's current version to tell printed codes out of date.
 * `printedBy` names the account (a person's export shows their prints); an account deleted for good
 * (only unconfirmed ones are) leaves the print without a name, and the history stays.
 */
export const campaignQrPrints = pgTable(
  'campaign_qr_prints',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 5 }).notNull(),
    campaignUpdatedAt: timestamp('campaign_updated_at', { withTimezone: true }).notNull(),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
    printedBy: integer('printed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('campaign_qr_prints_latest_idx').on(table.campaignId, table.printedAt.desc(), table.id.desc()),
    index('campaign_qr_prints_printed_by_idx').on(table.printedBy),
    check('campaign_qr_prints_kind', sql`${table.kind} in ('print', 'png', 'svg')`),
  ],
);
