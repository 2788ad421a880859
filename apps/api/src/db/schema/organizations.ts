import type { Schedule } from '@scentia/shared/schedules.schemas';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  addressColumns,
  cnpjColumn,
  emailColumn,
  kitColumns,
  kitIndexes,
  nameColumns,
  noteColumn,
  phoneColumn,
} from './kit-columns.ts';

/**
 * Client organisations: the companies that own devices (spec §3 Device: owner). `deletedAt` set means
 * inactive. `searchText` (name, legal name, CNPJ, city) is kept by the kit's trigger; `searchName` is
 * the name lower-cased without accents, for the unique name and the sort by name.
 */
export const organizations = pgTable(
  'organizations',
  {
    ...kitColumns(540),
    ...nameColumns(),
    legalName: varchar('legal_name', { length: 200 }).notNull(),
    cnpj: cnpjColumn().notNull(),
    contactName: varchar('contact_name', { length: 100 }),
    contactEmail: emailColumn('contact_email'),
    phone: phoneColumn(),
    ...addressColumns(),
    note: noteColumn(),
  },
  (table) => [
    ...kitIndexes('organizations', table),
    uniqueIndex('organizations_cnpj_key').on(table.cnpj),
    // The list's sorts by legal name and by city (migration 0019), with the id and the state (0020).
    index('organizations_legal_name_idx').on(table.legalName, table.id, table.deletedAt),
    index('organizations_city_idx').on(table.city, table.id, table.deletedAt),
  ],
);

/**
 * The shops and sites of an organisation, where devices stand. `searchOrganization` is its
 * organisation's name as searched (kept by the triggers of migration 0018), so the list searches and
 * sorts by it without a join; `searchName` makes the name unique within the organisation.
 */
export const locations = pgTable(
  'locations',
  {
    ...kitColumns(410),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    ...nameColumns(),
    ...addressColumns(),
    /** An IANA time zone of packages/shared time-zones.ts. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('America/Sao_Paulo'),
    note: noteColumn(),
    /** When its devices diffuse: weekly ranges in its time zone (packages/shared schedules.schemas). */
    schedule: jsonb('schedule').$type<Schedule>().notNull().default({ ranges: [] }),
    searchOrganization: text('search_organization').notNull().default(''),
  },
  (table) => [
    index('locations_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    uniqueIndex('locations_organization_name_key').on(table.organizationId, table.searchName),
    index('locations_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    // The list's sorts, each with the id and the state (migration 0020): a deep page's ids are read
    // from the index alone (docs/performance/organisation-lists.md).
    index('locations_search_name_idx').on(table.searchName, table.id, table.deletedAt),
    index('locations_search_organization_idx').on(table.searchOrganization, table.id, table.deletedAt),
    index('locations_city_idx').on(table.city, table.id, table.deletedAt),
    index('locations_created_at_idx').on(table.createdAt, table.id, table.deletedAt),
    index('locations_updated_at_idx').on(table.updatedAt, table.id, table.deletedAt),
  ],
);
