import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { kitColumns } from './kit-columns.ts';

/**
 * Fragrance categories (spec §3 Category). `deletedAt` set means inactive (soft delete); `searchText` is
 * the name lower-cased without accents, kept by a trigger, for contains-search and stable sorting.
 */
export const categories = pgTable(
  'categories',
  {
    ...kitColumns(100),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (table) => [
    index('categories_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // Unique ignoring case and accents: two "Cítricos" would confuse every fragrance form.
    uniqueIndex('categories_search_text_key').on(table.searchText),
    index('categories_created_at_idx').on(table.createdAt, table.id),
  ],
);

/** A category's name in each language; at most one per language. */
export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 5 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.language] })],
);

/** Fragrances (spec §3 Fragrance); the API calls the olfactory way `ofactoryWay`, as the spec writes it. */
export const fragrances = pgTable(
  'fragrances',
  {
    ...kitColumns(100),
    name: varchar('name', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    olfactoryWay: varchar('olfactory_way', { length: 200 }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Storage keys of the normalised image and its thumbnail. */
    imageKey: varchar('image_key', { length: 200 }),
    thumbnailKey: varchar('thumbnail_key', { length: 200 }),
  },
  (table) => [
    index('fragrances_category_idx').on(table.categoryId),
    index('fragrances_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('fragrances_search_text_idx').on(table.searchText, table.id),
    index('fragrances_created_at_idx').on(table.createdAt, table.id),
  ],
);

export const fragranceTranslations = pgTable(
  'fragrance_translations',
  {
    fragranceId: integer('fragrance_id')
      .notNull()
      .references(() => fragrances.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 5 }).notNull(),
    description: varchar('description', { length: 255 }),
    olfactoryWay: varchar('olfactory_way', { length: 200 }),
  },
  (table) => [primaryKey({ columns: [table.fragranceId, table.language] })],
);
