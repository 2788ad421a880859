import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scheduledIntensityAt, scheduledShotsBetween } from './schedule-times.ts';
import { rangeSpan, rangesOverlap, type Schedule, type ScheduleRange } from './schedules.schemas.ts';

const at = (iso: string) => new Date(iso);
const HOUR_MS = 3_600_000;
const WEEK_MINUTES = 7 * 1_440;

describe('scheduledIntensityAt', () => {
  // Friday 22:00–02:00 in São Paulo (UTC−3 all year): 2026-11-27 is a Friday.
  const fridayNight: Schedule = { ranges: [{ weekday: 5, start: '22:00', end: '02:00', intensity: 90 }] };
  const zone = 'America/Sao_Paulo';

  it('runs a range crossing midnight into the next day and stops at its end', () => {
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-28T00:59:00Z'))).toBe(0); // Fri 21:59
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-28T01:00:00Z'))).toBe(90); // Fri 22:00
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-28T03:00:00Z'))).toBe(90); // Sat 00:00
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-28T04:59:59Z'))).toBe(90); // Sat 01:59:59
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-28T05:00:00Z'))).toBe(0); // Sat 02:00
    // The same wall-clock hours on other days are off.
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-27T04:00:00Z'))).toBe(0); // Fri 01:00
    expect(scheduledIntensityAt(fridayNight, zone, at('2026-11-29T01:30:00Z'))).toBe(0); // Sat 22:30
  });

  it('wraps a Saturday range crossing midnight into Sunday', () => {
    const saturdayNight: Schedule = { ranges: [{ weekday: 6, start: '23:00', end: '01:00', intensity: 30 }] };
    expect(scheduledIntensityAt(saturdayNight, zone, at('2026-11-29T02:30:00Z'))).toBe(30); // Sat 23:30
    expect(scheduledIntensityAt(saturdayNight, zone, at('2026-11-29T03:30:00Z'))).toBe(30); // Sun 00:30
    expect(scheduledIntensityAt(saturdayNight, zone, at('2026-11-29T04:00:00Z'))).toBe(0); // Sun 01:00
    expect(scheduledIntensityAt(saturdayNight, zone, at('2026-11-23T03:30:00Z'))).toBe(0); // Mon 00:30
  });

  it('reads equal start and end as a whole day from the start', () => {
    const allDay: Schedule = { ranges: [{ weekday: 1, start: '06:00', end: '06:00', intensity: 12 }] };
    expect(scheduledIntensityAt(allDay, zone, at('2026-11-23T09:00:00Z'))).toBe(12); // Mon 06:00
    expect(scheduledIntensityAt(allDay, zone, at('2026-11-24T08:59:00Z'))).toBe(12); // Tue 05:59
    expect(scheduledIntensityAt(allDay, zone, at('2026-11-24T09:00:00Z'))).toBe(0); // Tue 06:00
  });

  it('reads the wall clock of the zone, not of UTC', () => {
    const morning: Schedule = { ranges: [{ weekday: 2, start: '09:00', end: '10:00', intensity: 60 }] };
    // Tuesday 09:30 in São Paulo is 12:30 UTC; in New York (EST, UTC−5) it is 14:30 UTC.
    expect(scheduledIntensityAt(morning, zone, at('2026-11-24T12:30:00Z'))).toBe(60);
    expect(scheduledIntensityAt(morning, 'America/New_York', at('2026-11-24T12:30:00Z'))).toBe(0);
    expect(scheduledIntensityAt(morning, 'America/New_York', at('2026-11-24T14:30:00Z'))).toBe(60);
  });
});

describe('scheduledShotsBetween across daylight-saving changes', () => {
  const zone = 'America/New_York';
  // 01:00–03:00 every Sunday, 60 shots an hour: 60 shots on a normal Sunday.
  const sundayNight: Schedule = { ranges: [{ weekday: 0, start: '01:00', end: '03:00', intensity: 60 }] };

  it('lasts one hour of real time on the spring-forward night (2026-03-08)', () => {
    // 01:00 EST is 06:00Z; at 02:00 EST the clock jumps to 03:00 EDT, which is 07:00Z.
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-03-08T06:00:00Z'))).toBe(60);
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-03-08T06:59:59Z'))).toBe(60);
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-03-08T07:00:00Z'))).toBe(0);
    expect(
      scheduledShotsBetween(sundayNight, zone, at('2026-03-08T00:00:00Z'), at('2026-03-09T00:00:00Z')),
    ).toBe(60);
  });

  it('lasts three hours of real time on the fall-back night (2026-11-01)', () => {
    // 01:00 EDT is 05:00Z; 02:00 EDT becomes 01:00 EST (06:00Z) and 03:00 EST is 08:00Z.
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-11-01T04:59:00Z'))).toBe(0);
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-11-01T05:00:00Z'))).toBe(60);
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-11-01T06:30:00Z'))).toBe(60);
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-11-01T07:59:00Z'))).toBe(60);
    expect(scheduledIntensityAt(sundayNight, zone, at('2026-11-01T08:00:00Z'))).toBe(0);
    expect(
      scheduledShotsBetween(sundayNight, zone, at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z')),
    ).toBe(180);
  });

  it('lasts two hours on an ordinary Sunday, and in a zone without daylight saving', () => {
    const day = [at('2026-03-15T00:00:00Z'), at('2026-03-16T00:00:00Z')] as const;
    expect(scheduledShotsBetween(sundayNight, zone, ...day)).toBe(120);
    // São Paulo has kept UTC−3 all year since 2019: the same range on 2026-11-01 is two hours.
    expect(
      scheduledShotsBetween(
        sundayNight,
        'America/Sao_Paulo',
        at('2026-11-01T00:00:00Z'),
        at('2026-11-02T06:00:00Z'),
      ),
    ).toBe(120);
  });

  it('counts part of a minute as part of its shots', () => {
    const always: Schedule = {
      ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        start: '00:00',
        end: '00:00',
        intensity: 3_600,
      })),
    };
    // 3,600 shots an hour is one a second: 90.5 s hold 90.5 shots.
    expect(
      scheduledShotsBetween(always, 'UTC', at('2026-11-24T10:00:10Z'), at('2026-11-24T10:01:40.5Z')),
    ).toBeCloseTo(90.5, 9);
    expect(scheduledShotsBetween(always, 'UTC', at('2026-11-24T10:00:00Z'), at('2026-11-24T10:00:00Z'))).toBe(
      0,
    );
  });
});

/**
 * The reference: a zone at a fixed offset from UTC, its wall clock by arithmetic, and the schedule as
 * the set of week minutes each range covers (rangeSpan, wrapped past Saturday), minute by minute.
 */
function referenceIntensity(schedule: Schedule, offsetMinutes: number, instant: number): number {
  const localMinute = Math.floor(instant / 60_000) + offsetMinutes;
  // 1970-01-04 was a Sunday: minute 0 of the week is Sunday 00:00.
  const weekMinute = (((localMinute - 3 * 1_440) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  for (const range of schedule.ranges) {
    const { from, to } = rangeSpan(range);
    if ((weekMinute >= from && weekMinute < to) || weekMinute + WEEK_MINUTES < to) return range.intensity;
  }
  return 0;
}

const wallTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const rangeArbitrary: fc.Arbitrary<ScheduleRange> = fc.record({
  weekday: fc.integer({ min: 0, max: 6 }),
  start: wallTime,
  end: wallTime,
  intensity: fc.integer({ min: 1, max: 3_600 }),
});
/** Valid schedules only: ranges that overlap an earlier one are dropped, as the schema refuses them. */
const scheduleArbitrary = fc.array(rangeArbitrary, { maxLength: 8 }).map((candidates) => {
  const ranges: ScheduleRange[] = [];
  for (const range of candidates) if (!ranges.some((kept) => rangesOverlap(kept, range))) ranges.push(range);
  return { ranges };
});
// Zones whose offset has not changed for years, with the offset: whole hours, and a half hour.
const fixedZones = [
  { zone: 'America/Sao_Paulo', offset: -180 },
  { zone: 'Asia/Kolkata', offset: 330 },
  { zone: 'UTC', offset: 0 },
  { zone: 'Asia/Tokyo', offset: 540 },
];
const instant = fc.integer({
  min: Date.parse('2025-01-01T00:00:00Z'),
  max: Date.parse('2027-12-31T00:00:00Z'),
});

// Tens of thousands of minutes asked of the zone's clock: about 1 s alone, 6 s on a busy machine (CI
// timed one out at Vitest's default 5 s). A generous limit: the test is about answers, not speed.
describe('schedule times against a minute-by-minute reference', { timeout: 60_000 }, () => {
  it('answers the intensity the reference does at any instant', () => {
    fc.assert(
      fc.property(
        scheduleArbitrary,
        fc.constantFrom(...fixedZones),
        instant,
        (schedule, { zone, offset }, time) => {
          expect(scheduledIntensityAt(schedule, zone, new Date(time))).toBe(
            referenceIntensity(schedule, offset, time),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sums the shots of an interval as the reference does minute by minute', () => {
    fc.assert(
      fc.property(
        scheduleArbitrary,
        fc.constantFrom(...fixedZones),
        instant,
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        (schedule, { zone, offset }, start, minutes) => {
          const from = Math.ceil(start / 60_000) * 60_000;
          const to = from + minutes * 60_000;
          let expected = 0;
          for (let minute = from; minute < to; minute += 60_000)
            expected += referenceIntensity(schedule, offset, minute) / 60;
          expect(scheduledShotsBetween(schedule, zone, new Date(from), new Date(to))).toBeCloseTo(
            expected,
            6,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows New York’s clock across its 2026 daylight-saving changes as the reference does', () => {
    // The US rule for 2026: EDT (UTC−4) from 2026-03-08 07:00Z to 2026-11-01 06:00Z, EST (UTC−5) around it.
    const summer = [Date.parse('2026-03-08T07:00:00Z'), Date.parse('2026-11-01T06:00:00Z')] as const;
    const offsetAt = (time: number) => (time >= summer[0] && time < summer[1] ? -240 : -300);
    fc.assert(
      fc.property(
        scheduleArbitrary,
        fc.constantFrom(...summer),
        fc.integer({ min: -36 * 60, max: 12 * 60 }),
        (schedule, change, shift) => {
          const from = change + shift * 60_000;
          const to = from + 24 * HOUR_MS;
          let expected = 0;
          for (let minute = from; minute < to; minute += 60_000) {
            const intensity = referenceIntensity(schedule, offsetAt(minute), minute);
            expect(scheduledIntensityAt(schedule, 'America/New_York', new Date(minute))).toBe(intensity);
            expected += intensity / 60;
          }
          expect(
            scheduledShotsBetween(schedule, 'America/New_York', new Date(from), new Date(to)),
          ).toBeCloseTo(expected, 6);
        },
      ),
      { numRuns: 30 },
    );
  });
});
