import { minutesOf, type Schedule } from './schedules.schemas.ts';
import { zoneClockAt } from './zone-clock.ts';

/**
 * When a weekly schedule runs, in real time. A schedule is written in wall-clock times of a time zone
 * (a shop's hours), so the weekday and minute of an instant are read in that zone: on a
 * daylight-saving night a range lasts an hour more or less of real time, as the shop's hours do.
 */

type WallClock = { weekday: number; minute: number };

/** The weekday (0 is Sunday) and minute of the day that a clock in `timeZone` shows at `at`. */
function wallClockAt(timeZone: string, at: Date): WallClock {
  const clock = zoneClockAt(timeZone, at);
  return { weekday: clock.weekday, minute: clock.hour * 60 + clock.minute };
}

/** The intensity (shots per hour) of the range running at a wall-clock minute, 0 when none does. */
function intensityAtWallClock(schedule: Schedule, clock: WallClock): number {
  for (const range of schedule.ranges) {
    const start = minutesOf(range.start);
    const end = minutesOf(range.end);
    const crossesMidnight = end <= start;
    if (range.weekday === clock.weekday && clock.minute >= start && (crossesMidnight || clock.minute < end))
      return range.intensity;
    if (crossesMidnight && (range.weekday + 1) % 7 === clock.weekday && clock.minute < end)
      return range.intensity;
  }
  return 0;
}

/** Shots per hour the schedule asks for at `at` (0 when it is off), read in `timeZone`. */
export function scheduledIntensityAt(schedule: Schedule, timeZone: string, at: Date): number {
  return intensityAtWallClock(schedule, wallClockAt(timeZone, at));
}

const MINUTE_MS = 60_000;

/**
 * The shots the schedule expects between `from` and `to` (real time), fractional: each stretch of
 * constant intensity counts its length × intensity. The intensity can only change where a zone's clock
 * shows a whole minute, and every zone in use today is a whole number of minutes off UTC, so the
 * interval is cut at UTC minute boundaries and each minute is read once — a week is 10,080 readings.
 */
export function scheduledShotsBetween(schedule: Schedule, timeZone: string, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start) || schedule.ranges.length === 0) return 0;
  let total = 0;
  let cursor = start;
  while (cursor < end) {
    const next = Math.min(end, Math.floor(cursor / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
    const intensity = scheduledIntensityAt(schedule, timeZone, new Date(cursor));
    total += (intensity * (next - cursor)) / 3_600_000;
    cursor = next;
  }
  return total;
}
