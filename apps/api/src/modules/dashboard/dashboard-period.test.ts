import { describe, expect, it } from 'vitest';
import { countRangesOf, periodOf, startOfDayIn, todayIn } from '../../lib/count-period.ts';
import { raggedEndsOf, rollupRangesOf } from './dashboard-period.ts';

describe('a dashboard period', () => {
  it('defaults to the last 30 days of the zone, today included', () => {
    // 01:30 UTC on 25 November is still the 24th in São Paulo, already the 25th in Tokyo.
    const now = Date.parse('2026-11-25T01:30:00Z');
    expect(todayIn('America/Sao_Paulo', now)).toBe('2026-11-24');
    expect(periodOf({ timeZone: 'America/Sao_Paulo' }, now)).toEqual({
      from: '2026-10-26',
      to: '2026-11-24',
      timeZone: 'America/Sao_Paulo',
      days: 30,
    });
    expect(periodOf({ timeZone: 'Asia/Tokyo', from: '2026-11-01' }, now)).toMatchObject({
      to: '2026-11-25',
      days: 25,
    });
    expect(periodOf({ timeZone: 'UTC', to: '2026-01-31' }, now)).toMatchObject({
      from: '2026-01-02',
      days: 30,
    });
  });

  it('starts a day at its midnight, or where summer time skips midnight, at the first hour the clock shows', () => {
    expect(startOfDayIn('2026-03-10', 'America/Sao_Paulo').toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(startOfDayIn('2026-03-10', 'Asia/Tokyo').toISOString()).toBe('2026-03-09T15:00:00.000Z');
    // Chile moves its clocks at midnight: on 6 September 2026, 00:00 does not exist, 01:00 (-03) does.
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // Lisbon's October night has 25 hours: the day after starts at 00:00 UTC again.
    expect(startOfDayIn('2026-10-25', 'Europe/Lisbon').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfDayIn('2026-10-26', 'Europe/Lisbon').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('reads whole UTC days from the daily counts and the hours at both ends from the hourly ones', () => {
    const ranges = countRangesOf({ from: '2026-03-01', to: '2026-03-31', timeZone: 'America/Sao_Paulo' });
    expect(ranges.days).toEqual({ from: '2026-03-02', to: '2026-04-01' });
    expect(ranges.hours.map((range) => [range.from.toISOString(), range.to.toISOString()])).toEqual([
      ['2026-03-01T03:00:00.000Z', '2026-03-02T00:00:00.000Z'],
      ['2026-04-01T00:00:00.000Z', '2026-04-01T03:00:00.000Z'],
    ]);
    // UTC: whole days only. One day of São Paulo: hours only.
    expect(countRangesOf({ from: '2026-03-01', to: '2026-03-02', timeZone: 'UTC' }).hours).toEqual([]);
    const day = countRangesOf({ from: '2026-03-01', to: '2026-03-01', timeZone: 'America/Sao_Paulo' });
    expect(day.days).toBeUndefined();
    expect(day.hours).toHaveLength(1);
    // Half an hour off UTC: the hours that contain the ends.
    const calcutta = countRangesOf({ from: '2026-03-01', to: '2026-03-01', timeZone: 'Asia/Calcutta' });
    expect(calcutta.start.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(calcutta.hours.map((range) => [range.from.toISOString(), range.to.toISOString()])).toEqual([
      ['2026-02-28T18:00:00.000Z', '2026-03-01T19:00:00.000Z'],
    ]);
  });
});

describe('the whole days of a period, as the roll-ups serve them', () => {
  it('takes whole months and days up to the watermark from the roll-ups, the days after it from the daily counts', () => {
    expect(rollupRangesOf({ from: '2025-11-26', to: '2026-11-25' }, '2026-11-23')).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      monthToDate: { from: '2026-11-01', to: '2026-11-24', rolledThrough: '2026-11-23' },
      rolledDays: [{ from: '2025-11-26', to: '2025-12-01' }],
      openDays: { from: '2026-11-24', to: '2026-11-25' },
    });
  });

  it("reads the watermark's month so far as one row only when the period holds all of it", () => {
    // From the month's first day: one row. From its second day, or ending before the watermark: by day.
    expect(rollupRangesOf({ from: '2026-11-01', to: '2026-11-25' }, '2026-11-23')).toEqual({
      monthToDate: { from: '2026-11-01', to: '2026-11-24', rolledThrough: '2026-11-23' },
      rolledDays: [],
      openDays: { from: '2026-11-24', to: '2026-11-25' },
    });
    // From the month before (the default 30 days early in a month): the days of that month, then one row.
    expect(rollupRangesOf({ from: '2026-10-31', to: '2026-11-29' }, '2026-11-27')).toEqual({
      monthToDate: { from: '2026-11-01', to: '2026-11-28', rolledThrough: '2026-11-27' },
      rolledDays: [{ from: '2026-10-31', to: '2026-11-01' }],
      openDays: { from: '2026-11-28', to: '2026-11-29' },
    });
    expect(rollupRangesOf({ from: '2026-11-02', to: '2026-11-25' }, '2026-11-23')).toEqual({
      rolledDays: [{ from: '2026-11-02', to: '2026-11-24' }],
      openDays: { from: '2026-11-24', to: '2026-11-25' },
    });
    expect(rollupRangesOf({ from: '2026-10-01', to: '2026-11-20' }, '2026-11-23')).toEqual({
      months: { from: '2026-10-01', to: '2026-11-01' },
      rolledDays: [{ from: '2026-11-01', to: '2026-11-20' }],
      openDays: undefined,
    });
  });

  it('reads a month among the whole months once every day of it is rolled up', () => {
    // The watermark on a month's last day: the month is whole; on the day before, it is the month so far.
    expect(rollupRangesOf({ from: '2026-01-01', to: '2026-03-01' }, '2026-02-28')).toEqual({
      months: { from: '2026-01-01', to: '2026-03-01' },
      rolledDays: [],
      openDays: undefined,
    });
    expect(rollupRangesOf({ from: '2026-01-01', to: '2026-03-01' }, '2026-02-27')).toEqual({
      months: { from: '2026-01-01', to: '2026-02-01' },
      monthToDate: { from: '2026-02-01', to: '2026-02-28', rolledThrough: '2026-02-27' },
      rolledDays: [],
      openDays: { from: '2026-02-28', to: '2026-03-01' },
    });
  });

  it('reads days inside one month by day, and a period after the watermark from the daily counts only', () => {
    expect(rollupRangesOf({ from: '2026-02-03', to: '2026-02-20' }, '2026-11-01')).toEqual({
      rolledDays: [{ from: '2026-02-03', to: '2026-02-20' }],
      openDays: undefined,
    });
    expect(rollupRangesOf({ from: '2026-02-03', to: '2026-02-20' }, '2026-01-31')).toEqual({
      rolledDays: [],
      openDays: { from: '2026-02-03', to: '2026-02-20' },
    });
    expect(rollupRangesOf({ from: '2026-12-15', to: '2027-01-10' }, '2027-01-31')).toEqual({
      rolledDays: [{ from: '2026-12-15', to: '2027-01-10' }],
      openDays: undefined,
    });
  });
});

describe("a period's ragged ends, as the daily sums serve them", () => {
  const at = (iso: string) => new Date(iso);
  const iso = (ranges: { from: Date; to: Date }[]) =>
    ranges.map((range) => [range.from.toISOString().slice(0, 16), range.to.toISOString().slice(0, 16)]);

  it('reads an end that covers most of its UTC day as the day less its other hours, a short one by the hour', () => {
    // São Paulo, 30 days to 24 November: 03:00 UTC on the first day, 03:00 UTC after the last.
    const { hours } = countRangesOf({ from: '2026-10-26', to: '2026-11-24', timeZone: 'America/Sao_Paulo' });
    const edges = raggedEndsOf(hours);
    expect(edges.days).toEqual(['2026-10-26']);
    expect(iso(edges.lessHours)).toEqual([['2026-10-26T00:00', '2026-10-26T03:00']]);
    expect(iso(edges.hours)).toEqual([['2026-11-25T00:00', '2026-11-25T03:00']]);
  });

  it('splits a range at UTC midnights, and keeps exactly half a day as hours', () => {
    const edges = raggedEndsOf([{ from: at('2026-11-24T06:00Z'), to: at('2026-11-25T12:00Z') }]);
    expect(edges.days).toEqual(['2026-11-24']);
    expect(iso(edges.lessHours)).toEqual([['2026-11-24T00:00', '2026-11-24T06:00']]);
    expect(iso(edges.hours)).toEqual([['2026-11-25T00:00', '2026-11-25T12:00']]);
  });

  it('takes a whole UTC day as its row alone', () => {
    const edges = raggedEndsOf([{ from: at('2026-11-24T00:00Z'), to: at('2026-11-25T00:00Z') }]);
    expect(edges).toEqual({ hours: [], days: ['2026-11-24'], lessHours: [] });
  });
});
