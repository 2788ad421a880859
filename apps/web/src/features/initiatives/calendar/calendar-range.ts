/**
 * The calendar's days: which days a month or a week shows, moving by one of them, and where an
 * initiative's bar sits in a week. Days are calendar dates (`YYYY-MM-DD`), as the API stores an
 * initiative's dates: arithmetic on them involves no time zone.
 */

export type CalendarView = 'month' | 'week' | 'list';
export const CALENDAR_VIEWS: readonly CalendarView[] = ['month', 'week', 'list'];

/** The first day of a week: 0 Sunday (Brazil, the United States), 1 Monday (Spain). */
export type WeekStart = 0 | 1;

const DAY_MS = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromTime = (time: number) => new Date(time).toISOString().slice(0, 10);

function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * DAY_MS);
}

/** Days from `from` to `to` (0 when the same day). */
function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / DAY_MS);
}

/** 0 Sunday … 6 Saturday. */
function weekdayOf(date: string): number {
  return new Date(toTime(date)).getUTCDay();
}

export function startOfWeek(date: string, weekStart: WeekStart): string {
  return addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));
}

function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return fromTime(Date.UTC(year, month, 0));
}

/** The first day of the month `months` away from `date`'s. */
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return fromTime(Date.UTC(year, month - 1 + months, 1));
}

export type CalendarRange = { from: string; to: string };

/**
 * The days a view shows around `dateInitial`: the month's whole weeks, the week, or (the list) the
 * month's own days.
 */
export function visibleRange(view: CalendarView, dateInitial: string, weekStart: WeekStart): CalendarRange {
  if (view === 'week') {
    const from = startOfWeek(dateInitial, weekStart);
    return { from, to: addDays(from, 6) };
  }
  if (view === 'list') return { from: startOfMonth(dateInitial), to: endOfMonth(dateInitial) };
  return {
    from: startOfWeek(startOfMonth(dateInitial), weekStart),
    to: addDays(startOfWeek(endOfMonth(dateInitial), weekStart), 6),
  };
}

/** The days of a range, in order. */
export function daysOf(range: CalendarRange): string[] {
  const count = daysBetween(range.from, range.to) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, index) => addDays(range.from, index));
}

/** The weeks of a range that starts on a week's first day, seven days each. */
export function weeksOf(range: CalendarRange): string[][] {
  const days = daysOf(range);
  const weeks: string[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}

/** Where the previous or next button leads: the same view one month (or week) away. */
export function shiftDate(view: CalendarView, dateInitial: string, step: 1 | -1): string {
  return view === 'week' ? addDays(dateInitial, 7 * step) : addMonths(dateInitial, step);
}

type Dated = { initiativeId: number; startsOn: string; endsOn: string };

function overlaps(item: Dated, range: CalendarRange): boolean {
  return item.startsOn <= range.to && item.endsOn >= range.from;
}

/** An initiative's bar in one week: its first and last column (0–6), its lane, and whether it runs on past the week. */
export type Segment<T> = {
  item: T;
  start: number;
  end: number;
  lane: number;
  continuesBefore: boolean;
  continuesAfter: boolean;
};

/**
 * The bars of a week (seven days from `weekFrom`): those that start first (then the longer, then the
 * lower id) take the upper lanes, each in the first lane free on all its days.
 */
export function weekSegments<T extends Dated>(items: readonly T[], weekFrom: string): Segment<T>[] {
  const week = { from: weekFrom, to: addDays(weekFrom, 6) };
  const placed = items
    .filter((item) => overlaps(item, week))
    .map((item) => ({
      item,
      start: Math.max(0, daysBetween(weekFrom, item.startsOn)),
      end: Math.min(6, daysBetween(weekFrom, item.endsOn)),
      continuesBefore: item.startsOn < week.from,
      continuesAfter: item.endsOn > week.to,
    }))
    .sort(
      (a, b) =>
        a.start - b.start || b.end - b.start - (a.end - a.start) || a.item.initiativeId - b.item.initiativeId,
    );
  const laneEnds: number[] = [];
  return placed.map((segment) => {
    let lane = laneEnds.findIndex((end) => end < segment.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = segment.end;
    return { ...segment, lane };
  });
}

/** Each day of the range with the initiatives running on it (the narrow screens' list per day). */
export function itemsByDay<T extends Dated>(items: readonly T[], range: CalendarRange) {
  return daysOf(range)
    .map((day) => ({ day, items: items.filter((item) => item.startsOn <= day && item.endsOn >= day) }))
    .filter((entry) => entry.items.length > 0);
}
