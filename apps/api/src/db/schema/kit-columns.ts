import { serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The columns the resource kit reads and writes on every soft-deleted record's table, spread first
 * into its columns (`...kitColumns(540)`): the id; `search_text`, the searched columns joined by spaces
 * and normalised, kept by the triggers `install_resource_triggers` installs (long enough for those
 * columns and their spaces); when it was created and last updated; and `deleted_at`, set while it is
 * inactive. Its `search_*` columns and the two dates stay out of the audit trail by their names.
 */
export function kitColumns(searchTextLength: number) {
  return {
    id: serial('id').primaryKey(),
    searchText: varchar('search_text', { length: searchTextLength }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  };
}

/**
 * The address block's columns (packages/shared address.schemas: `addressSchema`), spread among a
 * record's own (`...addressColumns()`); the service writes them with `addressValues(body.address)` and
 * answers them with `addressRow(record)` (lib/resource-kit/record-address.ts).
 */
export function addressColumns() {
  return {
    zipcode: varchar('zipcode', { length: 12 }),
    street: varchar('street', { length: 200 }),
    city: varchar('city', { length: 200 }),
    state: varchar('state', { length: 200 }),
    country: varchar('country', { length: 2 }).notNull().default('BR'),
  };
}

/*
 * The shared fields' columns (packages/shared record-fields.schemas: `cnpjSchema`, `optionalEmailSchema`,
 * `optionalPhoneSchema`, `noteSchema`), each as wide as the value its schema keeps, so that a table
 * declares the field and not its width: `cnpj: cnpjColumn().notNull()`, `contactEmail:
 * emailColumn('contact_email')`. The column's name is the field's, or given. The widths are literal,
 * as the schema's files import only types from packages/shared.
 */

/** The 14 characters of a numeric or alphanumeric CNPJ, without the mask. */
export const cnpjColumn = (name = 'cnpj') => varchar(name, { length: 14 });

/** An e-mail address as typed (trimmed; `EMAIL_MAX_LENGTH`). */
export const emailColumn = (name = 'email') => varchar(name, { length: 200 });

/** A Brazilian phone: its digits only, area code first (10 or 11). */
export const phoneColumn = (name = 'phone') => varchar(name, { length: 11 });

/** A free note kept with the record (`NOTE_MAX_LENGTH`). */
export const noteColumn = (name = 'note') => varchar(name, { length: 1000 });
