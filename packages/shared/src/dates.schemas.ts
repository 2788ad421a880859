import { z } from 'zod';

/**
 * Dates and times as the API takes them, once for every field. zod's ISO patterns already refuse days
 * the calendar lacks (2001-02-29, 2001-02-30); on top of that, the year must be one the database
 * stores: PostgreSQL has no year 0, and a year past 9999 would not be ISO 8601's four digits.
 */
const isStorableYear = (isoText: string) => /^\d{4}-/.test(isoText) && !isoText.startsWith('0000-');

/** A calendar day, `YYYY-MM-DD`, that exists (spec §5 Birthday). */
export const calendarDateSchema = z.iso
  .date({ error: 'invalidDate' })
  .refine(isStorableYear, { error: 'invalidDate' });

/**
 * An instant as RFC 3339 writes it, with `Z` or any offset (`2026-11-23T18:40:44.123-03:00`), on a day
 * that exists. It comes out in UTC with milliseconds, the way the API writes every instant
 * (`2026-11-23T21:40:44.123Z`), so an offset near a year's edge cannot reach a year the database lacks.
 */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, error: 'invalidDateTime' })
  .transform((value) => new Date(value).toISOString())
  .refine(isStorableYear, { error: 'invalidDateTime' });
