import type { ScheduleRange } from '@scentia/shared/schedules.schemas';
import { describe, expect, it } from 'vitest';
import {
  applyDraft,
  daySegments,
  draftIssues,
  newDraft,
  scheduleIssues,
  weekdayNames,
  weeklyHours,
} from './schedule-layout.ts';

const range = (weekday: number, start: string, end: string, intensity = 60): ScheduleRange => ({
  weekday,
  start,
  end,
  intensity,
});

describe('daySegments', () => {
  it('draws a range within a day on that day only', () => {
    const days = daySegments([range(1, '08:00', '18:00')]);
    expect(days[1]).toEqual([{ rangeIndex: 0, from: 480, to: 1080, isCarriedOver: false }]);
    expect(days.filter((day) => day.length > 0)).toHaveLength(1);
  });

  it('draws a range crossing midnight on its day up to midnight and on the next day from midnight', () => {
    const days = daySegments([range(5, '22:00', '02:00')]);
    expect(days[5]).toEqual([{ rangeIndex: 0, from: 1320, to: 1440, isCarriedOver: false }]);
    expect(days[6]).toEqual([{ rangeIndex: 0, from: 0, to: 120, isCarriedOver: true }]);
  });

  it("carries Saturday night over to Sunday, the week's first row", () => {
    const days = daySegments([range(6, '23:00', '01:30')]);
    expect(days[6]).toEqual([{ rangeIndex: 0, from: 1380, to: 1440, isCarriedOver: false }]);
    expect(days[0]).toEqual([{ rangeIndex: 0, from: 0, to: 90, isCarriedOver: true }]);
  });

  it('draws nothing on the next day for a range ending exactly at midnight', () => {
    const days = daySegments([range(2, '18:00', '00:00')]);
    expect(days[2]).toEqual([{ rangeIndex: 0, from: 1080, to: 1440, isCarriedOver: false }]);
    expect(days[3]).toEqual([]);
  });

  it("orders a day's segments by where they begin, the carried-over part first", () => {
    const days = daySegments([
      range(1, '20:00', '23:00'),
      range(0, '22:00', '03:00'),
      range(1, '09:00', '12:00'),
    ]);
    expect(days[1]?.map((segment) => segment.rangeIndex)).toEqual([1, 2, 0]);
  });
});

describe('draftIssues', () => {
  const ranges = [range(5, '22:00', '02:00'), range(1, '08:00', '12:00')];

  it('accepts a range that only touches another one', () => {
    expect(
      draftIssues(ranges, { weekday: 6, start: '02:00', end: '06:00', intensity: 10 }, undefined),
    ).toEqual({});
  });

  it("reports the overlap with the other day's range crossing midnight, naming it", () => {
    const issues = draftIssues(
      ranges,
      { weekday: 6, start: '01:00', end: '03:00', intensity: 10 },
      undefined,
    );
    expect(issues).toEqual({ overlap: { rangeIndex: 0, message: { key: 'scheduleOverlap', values: {} } } });
  });

  it("reports Saturday night running into Sunday's first range", () => {
    const issues = draftIssues(
      [range(0, '00:30', '04:00')],
      { weekday: 6, start: '23:00', end: '01:00', intensity: 10 },
      undefined,
    );
    expect(issues.overlap?.rangeIndex).toBe(0);
  });

  it('does not count the range being edited as an overlap with itself', () => {
    expect(draftIssues(ranges, { weekday: 5, start: '21:00', end: '03:00', intensity: 10 }, 0)).toEqual({});
  });

  it("reports bad times and intensities with the shared schema's keys", () => {
    const issues = draftIssues(ranges, { weekday: 3, start: '', end: '25:00', intensity: 0 }, undefined);
    expect(issues.start?.key).toBe('required');
    expect(issues.end?.key).toBe('invalidTime');
    expect(issues.intensity).toBeDefined();
    expect(
      draftIssues(ranges, { weekday: 3, start: '08:00', end: '09:00', intensity: null }, undefined),
    ).toEqual({
      intensity: { key: 'required', values: {} },
    });
  });
});

describe('scheduleIssues', () => {
  it("marks the later of two overlapping ranges with the schema's overlap key", () => {
    const issues = scheduleIssues({ ranges: [range(6, '22:00', '02:00'), range(0, '01:00', '05:00')] });
    expect([...issues]).toEqual([[1, { key: 'scheduleOverlap', values: {} }]]);
  });

  it('finds nothing in a valid schedule', () => {
    expect(scheduleIssues({ ranges: [range(6, '22:00', '02:00'), range(0, '02:00', '05:00')] }).size).toBe(0);
  });
});

describe('applyDraft', () => {
  it('adds or replaces a range and keeps the week in reading order', () => {
    const ranges = [range(1, '08:00', '12:00'), range(3, '08:00', '12:00')];
    expect(applyDraft(ranges, range(0, '22:00', '02:00'), undefined).map((r) => r.weekday)).toEqual([
      0, 1, 3,
    ]);
    expect(applyDraft(ranges, range(4, '10:00', '11:00'), 0)).toEqual([
      range(3, '08:00', '12:00'),
      range(4, '10:00', '11:00'),
    ]);
  });
});

describe('weekdayNames and weeklyHours', () => {
  it('names the days Sunday first in the language asked', () => {
    expect(weekdayNames('en-US')).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(weekdayNames('pt-BR')[0]).toBe('Domingo');
  });

  it('counts a crossing range and a whole-day range in full', () => {
    expect(weeklyHours([range(5, '22:00', '02:00'), range(2, '06:00', '06:00')])).toBe(28);
  });
});

describe('newDraft', () => {
  it("opens on a shop's usual day when it is free", () => {
    expect(newDraft(2, [range(1, '22:00', '02:00')])).toEqual({
      weekday: 2,
      start: '08:00',
      end: '18:00',
      intensity: 60,
    });
  });

  it('opens on the first free hour from 08:00 when the usual day is taken, wrapping past midnight', () => {
    expect(newDraft(2, [range(2, '07:00', '12:00')])).toEqual({
      weekday: 2,
      start: '12:00',
      end: '13:00',
      intensity: 60,
    });
    expect(newDraft(2, [range(2, '06:00', '00:00')])).toEqual({
      weekday: 2,
      start: '00:00',
      end: '01:00',
      intensity: 60,
    });
  });
});
