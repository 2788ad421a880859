import { MINUTES_PER_DAY, rangeSpan, type Schedule } from '@scentia/shared/schedules.schemas';
import { zoneClockAt } from '@scentia/shared/zone-clock';

/**
 * A capsule's run-out day, from its counted shots and its device's schedule (pure: the clock is an
 * argument). The pace is the shots counted over the recent window divided by the hours the schedule
 * was on in that window (shots per scheduled hour); walking forward from `now` through the schedule's
 * on-hours, the day the remaining shots are used up is the run-out day, in the location's zone. When
 * the schedule was never on in the window although shots were counted (an empty schedule), the pace
 * is the observed one, shots per hour of the clock, walked forward on the clock.
 *
 * Everything is read in wall-clock minutes of the location's zone (a shop's hours), day by day: on a
 * daylight-saving night a range lasts its wall-clock length, an hour off at most, which moves no
 * run-out day by more than that hour. Intensities are not weighed: a device that diffuses more on
 * Saturdays than on Tuesdays is read at its average pace over the window.
 */

const WEEK_MINUTES = 7 * MINUTES_PER_DAY;
const DAY_MS = 86_400_000;
/** A forecast further away than this is no forecast (`runsOutOn` null): the capsule is barely used. */
const FORECAST_HORIZON_DAYS = 730;

export type ForecastInput = {
  schedule: Schedule;
  timeZone: string;
  remainingShots: number;
  /** Shots counted since `windowStart`. */
  windowShots: number;
  /** The start of the window read: its first day, or when the capsule was installed if later. */
  windowStart: Date;
  now: Date;
};

export type Forecast = {
  /** `YYYY-MM-DD` in the location's zone; null without recent shots or too far away. */
  runsOutOn: string | null;
  /** Shots per scheduled (on) hour over the window, per hour without a schedule; 0 without shots. */
  shotsPerHour: number;
};

type LocalTime = { date: string; weekday: number; minute: number };

/** The date, weekday (0 is Sunday) and minute of the day a clock in `timeZone` shows at `at`. */
export function localTimeAt(timeZone: string, at: Date): LocalTime {
  const clock = zoneClockAt(timeZone, at);
  return { date: clock.date, weekday: clock.weekday, minute: clock.hour * 60 + clock.minute };
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The schedule's spans in minutes of the week, with their copies a week before and after (wrapping). */
function weekSpans(schedule: Schedule) {
  return schedule.ranges.flatMap((range) => {
    const span = rangeSpan(range);
    return [-WEEK_MINUTES, 0, WEEK_MINUTES].map((shift) => ({
      from: span.from + shift,
      to: span.to + shift,
    }));
  });
}

type Spans = ReturnType<typeof weekSpans>;

/** On-minutes of a day of `weekday` between its minutes `from` and `to`. */
function onMinutes(spans: Spans, weekday: number, from = 0, to = MINUTES_PER_DAY): number {
  const start = weekday * MINUTES_PER_DAY + from;
  const end = weekday * MINUTES_PER_DAY + to;
  let total = 0;
  for (const span of spans) total += Math.max(0, Math.min(end, span.to) - Math.max(start, span.from));
  return total;
}

/** On-minutes between two local times (the first not after the second). */
function onMinutesBetween(spans: Spans, from: LocalTime, to: LocalTime): number {
  if (from.date === to.date)
    return onMinutes(spans, from.weekday, from.minute, Math.max(from.minute, to.minute));
  let total = onMinutes(spans, from.weekday, from.minute);
  for (let date = addDays(from.date, 1); date < to.date; date = addDays(date, 1))
    total += onMinutes(spans, weekdayOf(date));
  return total + onMinutes(spans, to.weekday, 0, to.minute);
}

/**
 * Where a capsule's pace is read from: the window's first UTC midnight, or the capsule's first
 * sighting if later, but never after the start of the first UTC day its counted shots fall on. A
 * device reports shots in batches, so a capsule first seen at 14:00 arrives with shots it fired that
 * morning; dividing them by the minutes since 14:00 made a nearly full capsule "run out today".
 * Counts are kept per UTC day, so the day's start is the earliest instant they are known to cover.
 */
export function paceWindowStart(input: {
  windowFirstDay: Date;
  firstSeenAt: Date;
  /** `YYYY-MM-DD`, the first UTC day within the window with counted shots; null when there are none. */
  firstCountedDay: string | null;
}): Date {
  const installed = input.firstSeenAt > input.windowFirstDay ? input.firstSeenAt : input.windowFirstDay;
  if (input.firstCountedDay === null) return installed;
  const counted = new Date(`${input.firstCountedDay}T00:00:00Z`);
  return counted < installed ? counted : installed;
}

/** Every minute of the week on: the clock itself, for a device whose schedule does not describe it. */
const ALWAYS_ON: Spans = [{ from: -WEEK_MINUTES, to: 2 * WEEK_MINUTES }];

/** The readings a forecast makes of clocks and schedules: direct, or remembered over one run. */
type Readings = {
  localTimeAt: (timeZone: string, at: Date) => LocalTime;
  weekSpans: (schedule: Schedule) => Spans;
  onHoursBetween: (spans: Spans, from: LocalTime, to: LocalTime) => number;
};

const DIRECT: Readings = {
  localTimeAt,
  weekSpans,
  onHoursBetween: (spans, from, to) => onMinutesBetween(spans, from, to) / 60,
};

export function forecastRunOut(input: ForecastInput): Forecast {
  return forecastWith(DIRECT, input);
}

/**
 * `forecastRunOut` for the many capsules of one run: each reading of a zone's clock at an instant, each
 * schedule's spans and each count of on-hours between two local times is made once and shared by the
 * capsules that ask for it again (most share the run's `now`, the window's first day, their zone and
 * their schedule). The results are the same; a zone's clock reading is what a forecast costs most.
 * Build one for each run: what it remembers is only as large as the run's distinct readings.
 */
export function runOutForecaster(): (input: ForecastInput) => Forecast {
  const clocks = new Map<string, LocalTime>();
  const spansBySchedule = new Map<string, Spans>();
  const hoursBySpans = new Map<Spans, Map<string, number>>();
  const readings: Readings = {
    localTimeAt: (timeZone, at) => {
      const key = `${at.getTime()} ${timeZone}`;
      let clock = clocks.get(key);
      if (!clock) {
        clock = localTimeAt(timeZone, at);
        clocks.set(key, clock);
      }
      return clock;
    },
    weekSpans: (schedule) => {
      const key = JSON.stringify(schedule.ranges);
      let spans = spansBySchedule.get(key);
      if (!spans) {
        spans = weekSpans(schedule);
        spansBySchedule.set(key, spans);
      }
      return spans;
    },
    onHoursBetween: (spans, from, to) => {
      let hours = hoursBySpans.get(spans);
      if (!hours) {
        hours = new Map();
        hoursBySpans.set(spans, hours);
      }
      // A local time's weekday follows from its date.
      const key = `${from.date} ${from.minute} ${to.date} ${to.minute}`;
      let value = hours.get(key);
      if (value === undefined) {
        value = onMinutesBetween(spans, from, to) / 60;
        hours.set(key, value);
      }
      return value;
    },
  };
  return (input) => forecastWith(readings, input);
}

function forecastWith(readings: Readings, input: ForecastInput): Forecast {
  const today = readings.localTimeAt(input.timeZone, input.now);
  const from = readings.localTimeAt(
    input.timeZone,
    input.windowStart < input.now ? input.windowStart : input.now,
  );
  const scheduled = readings.weekSpans(input.schedule);
  const scheduledHours = readings.onHoursBetween(scheduled, from, today);
  // Shots counted while the schedule says the device was off (an empty schedule, or one changed since):
  // the schedule does not describe this device, so its pace is read, and walked, on the clock.
  const spans = scheduledHours === 0 && input.windowShots > 0 ? ALWAYS_ON : scheduled;
  const windowHours = spans === scheduled ? scheduledHours : readings.onHoursBetween(spans, from, today);
  const shotsPerHour = windowHours > 0 && input.windowShots > 0 ? input.windowShots / windowHours : 0;
  if (input.remainingShots <= 0) return { runsOutOn: today.date, shotsPerHour };
  if (shotsPerHour === 0) return { runsOutOn: null, shotsPerHour };

  const shotsOn = (weekday: number) => (shotsPerHour * onMinutes(spans, weekday)) / 60;
  let remaining = input.remainingShots - (shotsPerHour * onMinutes(spans, today.weekday, today.minute)) / 60;
  if (remaining <= 0) return { runsOutOn: today.date, shotsPerHour };
  const perWeek = [0, 1, 2, 3, 4, 5, 6].reduce((sum, weekday) => sum + shotsOn(weekday), 0);
  if (perWeek <= 0) return { runsOutOn: null, shotsPerHour };
  // Whole weeks first, leaving at most one week to walk day by day.
  const weeks = Math.max(0, Math.ceil(remaining / perWeek) - 1);
  remaining -= weeks * perWeek;
  let days = weeks * 7;
  for (let step = 1; step <= 8; step += 1) {
    days += 1;
    remaining -= shotsOn((today.weekday + days) % 7);
    if (remaining <= 1e-9) break;
  }
  if (days > FORECAST_HORIZON_DAYS) return { runsOutOn: null, shotsPerHour };
  return { runsOutOn: addDays(today.date, days), shotsPerHour };
}
