import { z } from 'zod';

/**
 * Dates and times as the API takes them, once for every field. zod's ISO patterns already refuse days
 * the calendar lacks (2001-02-29, 2001-02-30); on top of that, the year must be one the database
 * stores: PostgreSQL has no year 0, and a year past 9999 would not be ISO 8601's four digits.
 */
export const isStorableYear = (isoText: string) => /^\d{4}-/.test(isoText) && !isoText.startsWith('0000-');

/** A calendar day, `YYYY-MM-DD`, that exists (spec §5 Birthday). */
export const calendarDateSchema = z.iso
  .date({ error: 'invalidDate' })
  .refine(isStorableYear, { error: 'invalidDate' });

/**
 * The years a reporting period's day (`from`/`to` of the dashboard, the quiz analytics and their
 * exports) may fall in. Nothing reported predates the product, and the margins keep a default `from`
 * (a month before `to`) and the day after `to`, in any time zone, inside the years the database stores.
 */
export const PERIOD_YEARS = { first: 2000, last: 9998 } as const;

/** A day bounding a reporting period: a calendar day within `PERIOD_YEARS`, the limits named when refused. */
export const periodDaySchema = calendarDateSchema.superRefine((day, context) => {
  const year = Number(day.slice(0, 4));
  if (year < PERIOD_YEARS.first || year > PERIOD_YEARS.last)
    context.addIssue({
      code: 'custom',
      message: 'yearOutOfRange',
      minimum: PERIOD_YEARS.first,
      maximum: PERIOD_YEARS.last,
    });
});

/**
 * An instant as RFC 3339 writes it, with `Z` or any offset (`2026-11-23T18:40:44.123-03:00`), on a day
 * that exists. It comes out in UTC with milliseconds, the way the API writes every instant
 * (`2026-11-23T21:40:44.123Z`), so an offset near a year's edge cannot reach a year the database lacks.
 */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, error: 'invalidDateTime' })
  .transform((value) => new Date(value).toISOString())
  .refine(isStorableYear, { error: 'invalidDateTime' });
