import {
  MINUTES_PER_DAY,
  minutesOf,
  rangesOverlap,
  type Schedule,
  type ScheduleRange,
  scheduleRangeSchema,
  scheduleSchema,
  WEEKDAYS,
  type Weekday,
} from '@scentia/shared/schedules.schemas';
import { type IssueMessage, issueMessage } from '../../lib/form-rules.ts';

/**
 * What the schedule editor draws and checks, apart from React: where each range lies on the week's
 * days, and which of the shared schema's problems belong to which range or field.
 */

/** The days in the order the editor lists them: Sunday first, as the data numbers them (0 = Sunday). */
export const EDITOR_WEEKDAYS: readonly Weekday[] = WEEKDAYS;

/**
 * One bar on one day's track: the part of a range that falls on that day, in minutes from its midnight.
 * A range crossing midnight gives two: its start day's (to 1440) and the next day's (from 0), which is
 * `isCarriedOver`; Saturday's carries over to Sunday.
 */
export type DaySegment = {
  rangeIndex: number;
  from: number;
  to: number;
  isCarriedOver: boolean;
};

export function nextWeekday(weekday: number): Weekday {
  return ((weekday + 1) % 7) as Weekday;
}

/** Whether a range ends on the day after its start (an end at or before the start). */
export function crossesMidnight(range: Pick<ScheduleRange, 'start' | 'end'>): boolean {
  return minutesOf(range.end) <= minutesOf(range.start);
}

/** Each weekday's segments (indexed 0 = Sunday), each day's sorted by where they begin. */
export function daySegments(ranges: readonly ScheduleRange[]): DaySegment[][] {
  const days: DaySegment[][] = WEEKDAYS.map(() => []);
  ranges.forEach((range, rangeIndex) => {
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    if (!crossesMidnight(range)) {
      days[range.weekday]?.push({ rangeIndex, from: start, to: end, isCarriedOver: false });
      return;
    }
    days[range.weekday]?.push({ rangeIndex, from: start, to: MINUTES_PER_DAY, isCarriedOver: false });
    if (end > 0)
      days[nextWeekday(range.weekday)]?.push({ rangeIndex, from: 0, to: end, isCarriedOver: true });
  });
  for (const day of days) day.sort((a, b) => a.from - b.from || a.to - b.to);
  return days;
}

/** Ranges in the order a person reads a week: by day, then by start. */
export function sortRanges(ranges: readonly ScheduleRange[]): ScheduleRange[] {
  return [...ranges].sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start));
}

/** Minutes a range runs (a whole day when its end equals its start). */
function rangeMinutes(range: Pick<ScheduleRange, 'start' | 'end'>): number {
  const length = minutesOf(range.end) - minutesOf(range.start);
  return length > 0 ? length : length + MINUTES_PER_DAY;
}

/** The problems the shared schema finds in a whole schedule, by range index (an overlap on the later one). */
export function scheduleIssues(schedule: Schedule): Map<number, IssueMessage> {
  const issues = new Map<number, IssueMessage>();
  const result = scheduleSchema.safeParse(schedule);
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const [root, index] = issue.path;
    if (root === 'ranges' && typeof index === 'number' && !issues.has(index)) {
      issues.set(index, issueMessage(issue));
    }
  }
  return issues;
}

/** A range as the dialog edits it: times as typed, the intensity possibly empty. */
export type RangeDraft = { weekday: number; start: string; end: string; intensity: number | null };

export type DraftIssues = {
  start?: IssueMessage;
  end?: IssueMessage;
  intensity?: IssueMessage;
  /** The other range it would overlap (its index in the schedule) and the schema's message. */
  overlap?: { rangeIndex: number; message: IssueMessage };
};

/**
 * The problems of a draft about to replace the range at `editingIndex` (or be added, when undefined):
 * each field by the shared range schema, then the first other range it would overlap, Saturday night
 * into Sunday included. An empty result means the draft may be applied.
 */
export function draftIssues(
  ranges: readonly ScheduleRange[],
  draft: RangeDraft,
  editingIndex: number | undefined,
): DraftIssues {
  const issues: DraftIssues = {};
  const result = scheduleRangeSchema.safeParse({ ...draft, intensity: draft.intensity ?? undefined });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if ((field === 'start' || field === 'end' || field === 'intensity') && !issues[field]) {
        issues[field] = isEmpty(draft[field]) ? REQUIRED : issueMessage(issue);
      }
    }
    return issues;
  }
  const candidate = result.data;
  const rangeIndex = ranges.findIndex(
    (other, index) => index !== editingIndex && rangesOverlap(other, candidate),
  );
  if (rangeIndex >= 0) issues.overlap = { rangeIndex, message: { key: 'scheduleOverlap', values: {} } };
  return issues;
}

const REQUIRED: IssueMessage = { key: 'required', values: {} };

function isEmpty(value: string | number | null): boolean {
  return value === null || value === '';
}

export function hasDraftIssues(issues: DraftIssues): boolean {
  return Object.keys(issues).length > 0;
}

/** The ranges after the dialog's draft (valid) replaced the one at `editingIndex` or was added. */
export function applyDraft(
  ranges: readonly ScheduleRange[],
  range: ScheduleRange,
  editingIndex: number | undefined,
): ScheduleRange[] {
  const next =
    editingIndex === undefined
      ? [...ranges, range]
      : ranges.map((old, index) => (index === editingIndex ? range : old));
  return sortRanges(next);
}

const DEFAULT_DRAFT = { start: '08:00', end: '18:00', intensity: 60 };

/**
 * A new range's draft on `weekday`: a shop's usual day (08:00–18:00, a shot a minute) when it is free,
 * else the first free hour of that day from 08:00 on, so the dialog does not open on an overlap.
 */
export function newDraft(weekday: Weekday, ranges: readonly ScheduleRange[] = []): RangeDraft {
  const usual = { weekday, ...DEFAULT_DRAFT };
  const isFree = (candidate: ScheduleRange) => !ranges.some((range) => rangesOverlap(range, candidate));
  if (isFree(usual)) return usual;
  const hours = [...Array(24).keys()].map((index) => (index + 8) % 24);
  const hhmm = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
  const free = hours.map((hour) => ({ ...usual, start: hhmm(hour), end: hhmm(hour + 1) })).find(isFree);
  return free ?? usual;
}

/** The day names of `language`, Sunday first (index = weekday). */
export function weekdayNames(language: string, width: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return WEEKDAYS.map((weekday) => {
    const name = format.format(Date.UTC(2023, 0, 1 + weekday));
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  });
}

/** Hours a week the schedule diffuses, for the summary. */
export function weeklyHours(ranges: readonly ScheduleRange[]): number {
  const minutes = ranges.reduce((total, range) => total + rangeMinutes(range), 0);
  return Math.round((minutes / 60) * 10) / 10;
}
