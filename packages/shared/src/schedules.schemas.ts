import { z } from 'zod';
import { dateTimeSchema } from './dates.schemas.ts';
import { boundedInteger, idSchema } from './integers.schemas.ts';

/** Days of the week as JavaScript numbers them: 0 is Sunday, 6 is Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MINUTES_PER_DAY = 1_440;
/** A range's intensity: shots per hour, at most one a second. */
export const MAX_SHOTS_PER_HOUR = 3_600;
/** At most this many ranges in one schedule (six a day). */
export const MAX_SCHEDULE_RANGES = 42;
/** At most this many locations receive a schedule copy in one action. */
export const MAX_SCHEDULE_COPY_TARGETS = 100;

const WALL_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A wall-clock time "HH:mm", 00:00 to 23:59, in the location's time zone. */
export const wallTimeSchema = z.string().regex(WALL_TIME, { error: 'invalidTime' });

export function minutesOf(wallTime: string): number {
  return Number(wallTime.slice(0, 2)) * 60 + Number(wallTime.slice(3, 5));
}

/**
 * One range of a weekly schedule: from `start` on `weekday` to `end`, in the location's time zone. An
 * `end` at or before `start` ends on the next day (22:00–02:00 on Friday runs into Saturday); equal
 * times are a whole day from `start`. Times are wall-clock: on a daylight-saving change a range lasts
 * an hour more or less of real time, as the shop's own opening hours do.
 */
export const scheduleRangeSchema = z
  .strictObject({
    weekday: boundedInteger(0, 6).describe('The day the range starts: 0 is Sunday, 1 Monday … 6 Saturday.'),
    start: wallTimeSchema.describe('Wall-clock start, `HH:mm` (00:00–23:59) in the schedule’s time zone.'),
    end: wallTimeSchema.describe(
      'Wall-clock end, `HH:mm`; at or before `start` it is on the next day (22:00–02:00 runs past midnight), equal to `start` a whole day.',
    ),
    intensity: boundedInteger(1, MAX_SHOTS_PER_HOUR).describe(
      `Shots per hour while the range runs (1 to ${MAX_SHOTS_PER_HOUR}, at most one a second), spread over the hour.`,
    ),
  })
  .describe(
    'One range of a weekly schedule. Times are wall-clock: on a daylight-saving change a range lasts an hour more or less.',
  );
export type ScheduleRange = z.infer<typeof scheduleRangeSchema>;

/** A range's minutes from Sunday 00:00: [from, to), `to` past the week's end when it wraps to Sunday. */
export function rangeSpan(range: ScheduleRange): { from: number; to: number } {
  const start = minutesOf(range.start);
  const end = minutesOf(range.end);
  const length = end > start ? end - start : end - start + MINUTES_PER_DAY;
  const from = range.weekday * MINUTES_PER_DAY + start;
  return { from, to: from + length };
}

const WEEK_MINUTES = 7 * MINUTES_PER_DAY;

/** Whether two ranges share a minute of the week (a Saturday range crossing midnight meets Sunday's). */
export function rangesOverlap(a: ScheduleRange, b: ScheduleRange): boolean {
  const first = rangeSpan(a);
  const second = rangeSpan(b);
  return [-WEEK_MINUTES, 0, WEEK_MINUTES].some(
    (shift) => first.from < second.to + shift && second.from + shift < first.to,
  );
}

/**
 * A weekly schedule: the ranges when devices diffuse, none overlapping another. An empty list is a
 * schedule that never diffuses.
 */
const scheduleRanges = z.array(scheduleRangeSchema).max(MAX_SCHEDULE_RANGES);

function refuseOverlaps(schedule: { ranges: ScheduleRange[] }, ctx: z.RefinementCtx) {
  schedule.ranges.forEach((range, index) => {
    const earlier = schedule.ranges.slice(0, index).findIndex((other) => rangesOverlap(other, range));
    if (earlier >= 0) ctx.addIssue({ code: 'custom', path: ['ranges', index], message: 'scheduleOverlap' });
  });
}

export const scheduleSchema = z.strictObject({ ranges: scheduleRanges }).superRefine(refuseOverlaps);
export type Schedule = z.infer<typeof scheduleSchema>;

/** On a save, the version the form loaded: a save over a newer one is refused (`STALE_RECORD`). */
const versionSchema = dateTimeSchema.optional();

/**
 * `PUT /api/locations/schedule/{id}`: the schedule, and beside its ranges the version of the location
 * the form loaded. The version is not part of the stored schedule.
 */
export const locationScheduleBodySchema = z
  .strictObject({ ranges: scheduleRanges, updatedAt: versionSchema })
  .superRefine(refuseOverlaps);
export type LocationScheduleBody = z.infer<typeof locationScheduleBodySchema>;

/** `PUT /api/devices/schedule/{id}`: the device's own schedule, or null to follow its location's. */
export const deviceScheduleBodySchema = z.strictObject({
  schedule: scheduleSchema.nullable(),
  updatedAt: versionSchema,
});
export type DeviceScheduleBody = z.infer<typeof deviceScheduleBodySchema>;

/** `POST /api/locations/schedule-copy`: one location's schedule copied to others, in one transaction. */
export const scheduleCopyBodySchema = z.strictObject({
  fromLocationId: idSchema,
  toLocationIds: z
    .array(idSchema)
    .min(1)
    .max(MAX_SCHEDULE_COPY_TARGETS)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicateLocation' }),
});
export type ScheduleCopyBody = z.infer<typeof scheduleCopyBodySchema>;

/** A device's schedule as it runs: its own, or its location's, read in the location's time zone. */
export const effectiveScheduleSchema = z.object({
  source: z.enum(['device', 'location']),
  timeZone: z.string(),
  ranges: z.array(scheduleRangeSchema),
});
export type EffectiveSchedule = z.infer<typeof effectiveScheduleSchema>;
