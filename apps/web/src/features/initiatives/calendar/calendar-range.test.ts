import { describe, expect, it } from 'vitest';
import {
  addMonths,
  endOfMonth,
  itemsByDay,
  shiftDate,
  startOfWeek,
  visibleRange,
  weekSegments,
  weeksOf,
} from './calendar-range.ts';

const item = (initiativeId: number, startsOn: string, endsOn: string) => ({ initiativeId, startsOn, endsOn });

describe('the calendar’s days', () => {
  it('starts a week on Sunday or Monday as asked', () => {
    // 2026-11-25 is a Wednesday.
    expect(startOfWeek('2026-11-25', 0)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-25', 1)).toBe('2026-11-23');
    expect(startOfWeek('2026-11-22', 0)).toBe('2026-11-22');
    expect(startOfWeek('2026-11-22', 1)).toBe('2026-11-16');
  });

  it('shows a month as its whole weeks, across a year’s edge and in a leap February', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday.
    expect(visibleRange('month', '2026-12-15', 0)).toEqual({ from: '2026-11-29', to: '2027-01-02' });
    expect(visibleRange('month', '2026-12-15', 1)).toEqual({ from: '2026-11-30', to: '2027-01-03' });
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    const weeks = weeksOf(visibleRange('month', '2026-12-15', 0));
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('shows a week of seven days around the day, and the list the month’s own days', () => {
    expect(visibleRange('week', '2026-12-31', 0)).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(visibleRange('list', '2026-12-31', 0)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves a month to the next month’s first day (never skipping a short month), a week by seven days', () => {
    expect(shiftDate('month', '2027-01-31', 1)).toBe('2027-02-01');
    expect(shiftDate('month', '2027-01-31', -1)).toBe('2026-12-01');
    expect(shiftDate('list', '2026-12-05', 1)).toBe('2027-01-01');
    expect(shiftDate('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(addMonths('2026-03-15', -14)).toBe('2025-01-01');
  });
});

describe('an initiative’s bars in a week', () => {
  it('clips each to the week, says where it runs on, and stacks overlapping ones in lanes', () => {
    const segments = weekSegments(
      [
        item(3, '2026-11-24', '2026-11-25'),
        item(1, '2026-11-10', '2026-11-24'),
        item(2, '2026-11-26', '2026-12-20'),
        item(4, '2026-12-01', '2026-12-02'),
        item(5, '2026-11-23', '2026-11-28'),
      ],
      '2026-11-22',
    );
    const byId = Object.fromEntries(segments.map((segment) => [segment.item.initiativeId, segment]));
    expect(segments.map((segment) => segment.item.initiativeId)).toEqual([1, 5, 3, 2]);
    expect(byId[1]).toMatchObject({
      start: 0,
      end: 2,
      lane: 0,
      continuesBefore: true,
      continuesAfter: false,
    });
    expect(byId[5]).toMatchObject({ start: 1, end: 6, lane: 1 });
    expect(byId[3]).toMatchObject({ start: 2, end: 3, lane: 2 });
    // Free again after initiative 1 ends on the third day.
    expect(byId[2]).toMatchObject({
      start: 4,
      end: 6,
      lane: 0,
      continuesBefore: false,
      continuesAfter: true,
    });
  });

  it('lists each day with the initiatives running on it, leaving out days without any', () => {
    const days = itemsByDay([item(1, '2026-11-20', '2026-11-23'), item(2, '2026-11-23', '2026-11-23')], {
      from: '2026-11-22',
      to: '2026-11-25',
    });
    expect(days.map((entry) => [entry.day, entry.items.map((row) => row.initiativeId)])).toEqual([
      ['2026-11-22', [1]],
      ['2026-11-23', [1, 2]],
    ]);
  });
});
