import { describe, expect, it } from 'vitest';
import { calendarDateSchema, dateTimeSchema } from './dates.schemas.ts';

describe('calendarDateSchema', () => {
  it('takes days that exist, leap days included', () => {
    for (const day of ['2000-02-29', '2024-02-29', '0001-01-01', '9999-12-31', '2026-04-30']) {
      expect(calendarDateSchema.safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses days the calendar lacks, the year 0 and other shapes', () => {
    for (const day of ['2001-02-29', '1900-02-29', '2001-02-30', '2026-04-31', '2026-13-01', '0000-01-01']) {
      expect(calendarDateSchema.safeParse(day).error?.issues[0]?.message, day).toBe('invalidDate');
    }
    for (const day of ['2026-1-1', '26-01-01', '2026/01/01', '2026-01-01T00:00:00Z', '']) {
      expect(calendarDateSchema.safeParse(day).success, day).toBe(false);
    }
  });
});

describe('dateTimeSchema', () => {
  it('takes any RFC 3339 offset and answers the instant in UTC with milliseconds', () => {
    expect(dateTimeSchema.parse('2026-11-23T21:40:44.123Z')).toBe('2026-11-23T21:40:44.123Z');
    expect(dateTimeSchema.parse('2026-11-23T18:40:44.123-03:00')).toBe('2026-11-23T21:40:44.123Z');
    expect(dateTimeSchema.parse('2026-11-24T07:10:44+09:30')).toBe('2026-11-23T21:40:44.000Z');
    expect(dateTimeSchema.parse('2026-11-23T21:40:44+00:00')).toBe('2026-11-23T21:40:44.000Z');
  });

  it('refuses days the calendar lacks, instants outside the years 1 to 9999, and no offset', () => {
    for (const value of [
      '2001-02-29T00:00:00Z',
      '2026-04-31T10:00:00Z',
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-01:00',
      '2026-11-23T21:40:44',
      '2026-11-23T24:00:00Z',
      '2026-11-23 21:40:44Z',
    ]) {
      expect(dateTimeSchema.safeParse(value).error?.issues[0]?.message, value).toBe('invalidDateTime');
    }
  });
});
