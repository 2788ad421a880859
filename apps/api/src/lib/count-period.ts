// A period of whole days of a time zone as the shot counts are read (UTC days and the hours at both
// ends): the dashboard's rule, shared by every reader of those counts (the dashboard, the devices and
// capsules lists' shots in a period), so a number found in one is the same in the other.
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@scentia/shared/dashboard.schemas';
import { DEFAULT_TIME_ZONE } from '@scentia/shared/time-zones';
import { zoneClockAt } from '@scentia/shared/zone-clock';
import { invalidFields } from './app-error.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A dashboard period as the counts are read: whole UTC days from the daily counts, and the hours
 * around them from the hourly counts. `hours` are half-open ranges of UTC hours, `days` a half-open
 * range of UTC days (`YYYY-MM-DD`), absent when the period holds no whole UTC day.
 */
export type CountRanges = {
  from: string;
  to: string;
  timeZone: string;
  start: Date;
  end: Date;
  days?: { from: string; to: string };
  hours: HourRange[];
};

/** A half-open range of instants, on whole UTC hours. */
export type HourRange = { from: Date; to: Date };

/** The wall clock of `timeZone` at `at`, written as if it were a UTC instant (ms). */
function wallClockAsUtc(timeZone: string, at: number): number {
  const clock = zoneClockAt(timeZone, at);
  return (
    Date.parse(`${clock.date}T00:00:00Z`) + ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000
  );
}

export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The calendar day a clock in `timeZone` shows at `now`. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return isoDay(wallClockAsUtc(timeZone, now));
}

/**
 * The instant `day` begins in `timeZone`: its midnight, or, where a daylight-saving change skips
 * midnight, the first instant the clock shows that day.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let guess = midnight - (wallClockAsUtc(timeZone, midnight) - midnight);
  guess = midnight - (wallClockAsUtc(timeZone, guess) - guess);
  // A skipped midnight leaves the guess on the day before: step to the first hour of `day`.
  while (isoDay(wallClockAsUtc(timeZone, guess)) < day) guess += HOUR_MS;
  return new Date(guess);
}

export const addDays = (day: string, days: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/**
 * The period asked for, the missing ends filled in: `to` defaults to today in the zone, `from` to
 * `DASHBOARD_DEFAULT_DAYS` days before `to` (both included).
 */
export function periodOf(query: { from?: string; to?: string; timeZone: string }, now = Date.now()) {
  const to = query.to ?? todayIn(query.timeZone, now);
  const from = query.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  return { from, to, timeZone: query.timeZone, days: (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 };
}

/**
 * The period `from`..`to` (whole days of `timeZone`, both included) as the UTC instants [start of
 * `from`, start of the day after `to`), split into whole UTC days and the hours at both ends. The
 * counts are kept per UTC hour, so in a zone whose offset is not a whole number of hours the ends are
 * the hours containing them.
 */
export function countRangesOf(period: { from: string; to: string; timeZone: string }): CountRanges {
  const { from, to, timeZone } = period;
  const start = startOfDayIn(from, timeZone);
  const end = startOfDayIn(addDays(to, 1), timeZone);
  const firstHour = Math.floor(start.getTime() / HOUR_MS) * HOUR_MS;
  const lastHour = Math.ceil(end.getTime() / HOUR_MS) * HOUR_MS;
  const firstDay = Math.ceil(firstHour / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(lastHour / DAY_MS) * DAY_MS;
  const base = { from, to, timeZone, start, end };
  if (firstDay >= lastDay) return { ...base, hours: [{ from: new Date(firstHour), to: new Date(lastHour) }] };
  return {
    ...base,
    days: { from: isoDay(firstDay), to: isoDay(lastDay) },
    hours: [
      { from: new Date(firstHour), to: new Date(firstDay) },
      { from: new Date(lastDay), to: new Date(lastHour) },
    ].filter((range) => range.from < range.to),
  };
}

/**
 * The period asked for as count ranges, its ends defaulted (`periodOf`); a reversed or too long one is
 * refused on `to`, as the dashboard refuses it (the schemas check only both ends given).
 */
export function countRangesFor(
  query: { from?: string; to?: string; timeZone?: string },
  now = Date.now(),
): CountRanges {
  const period = periodOf({ ...query, timeZone: query.timeZone ?? DEFAULT_TIME_ZONE }, now);
  if (period.days < 1) throw invalidFields({ path: 'to', key: 'field.periodReversed' });
  if (period.days > DASHBOARD_MAX_DAYS)
    throw invalidFields({ path: 'to', key: 'field.periodTooLong', params: { max: DASHBOARD_MAX_DAYS } });
  return countRangesOf(period);
}
