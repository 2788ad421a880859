import type { Schedule } from '@scentia/shared/schedules.schemas';
import { describe, expect, it } from 'vitest';
import {
  type ForecastInput,
  forecastRunOut,
  localTimeAt,
  paceWindowStart,
  runOutForecaster,
} from './capsule-forecast.ts';

// A shop open 10:00–22:00 Monday to Saturday, closed on Sunday: 72 on-hours a week.
const shop: Schedule = {
  ranges: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '22:00', intensity: 60 })),
};
// São Paulo has no daylight saving: UTC−3 all year. 2026-11-09 and 2026-11-23 are Mondays.
const zone = 'America/Sao_Paulo';
const at = (iso: string) => new Date(iso);

/** Two weeks of the shop (144 on-hours) read at 10 shots an hour, up to Monday 2026-11-23 00:00 local. */
function input(overrides: Partial<ForecastInput>): ForecastInput {
  return {
    schedule: shop,
    timeZone: zone,
    remainingShots: 1_000,
    windowShots: 1_440,
    windowStart: at('2026-11-09T03:00:00Z'),
    now: at('2026-11-23T03:00:00Z'),
    ...overrides,
  };
}

describe('forecastRunOut', () => {
  it('reads the pace as shots per on-hour of the window and walks the on-hours forward', () => {
    expect(forecastRunOut(input({}))).toEqual({ runsOutOn: '2026-12-02', shotsPerHour: 10 });
    // 120 shots: the whole of Monday is on-hours ahead (12 h × 10), so Monday itself.
    expect(forecastRunOut(input({ remainingShots: 120 })).runsOutOn).toBe('2026-11-23');
    expect(forecastRunOut(input({ remainingShots: 121 })).runsOutOn).toBe('2026-11-24');
  });

  it('skips the days the shop is closed', () => {
    // 720 shots are Monday to Saturday exactly; one more runs into Monday, past the closed Sunday.
    expect(forecastRunOut(input({ remainingShots: 720 })).runsOutOn).toBe('2026-11-28');
    expect(forecastRunOut(input({ remainingShots: 721 })).runsOutOn).toBe('2026-11-30');
    // Weeks ahead: 72 on-hours a week at 10 an hour, 3 weeks and a Monday.
    expect(forecastRunOut(input({ remainingShots: 3 * 720 + 100 })).runsOutOn).toBe('2026-12-14');
  });

  it('counts only the on-hours left today, from the clock’s minute', () => {
    // Wednesday 2026-11-25 15:00 local: 7 on-hours left today.
    const now = at('2026-11-25T18:00:00Z');
    const windowStart = at('2026-11-11T18:00:00Z'); // two weeks before, the same minute: 144 h
    expect(forecastRunOut(input({ now, windowStart, remainingShots: 70 })).runsOutOn).toBe('2026-11-25');
    expect(forecastRunOut(input({ now, windowStart, remainingShots: 71 })).runsOutOn).toBe('2026-11-26');
    // After closing time nothing is left today.
    const late = at('2026-11-26T01:30:00Z'); // Wednesday 22:30
    expect(forecastRunOut(input({ now: late, windowStart, remainingShots: 1 })).runsOutOn).toBe('2026-11-26');
  });

  it('reads a capsule installed within the window from its installation on', () => {
    // Installed Monday 2026-11-16 00:00 local: one week, 72 on-hours, 720 shots → 10 an hour.
    const forecast = forecastRunOut(input({ windowShots: 720, windowStart: at('2026-11-16T03:00:00Z') }));
    expect(forecast).toEqual({ runsOutOn: '2026-12-02', shotsPerHour: 10 });
    // Installed on Sunday when the shop was closed: the same on-hours, the same pace.
    const sunday = forecastRunOut(input({ windowShots: 720, windowStart: at('2026-11-15T15:00:00Z') }));
    expect(sunday.shotsPerHour).toBe(10);
  });

  it('answers today for an empty capsule, no day without recent shots, the clock’s pace without on-hours', () => {
    expect(forecastRunOut(input({ remainingShots: 0 })).runsOutOn).toBe('2026-11-23');
    expect(forecastRunOut(input({ remainingShots: 0, windowShots: 0 })).runsOutOn).toBe('2026-11-23');
    expect(forecastRunOut(input({ windowShots: 0 }))).toEqual({ runsOutOn: null, shotsPerHour: 0 });
    // No on-hours at all, although shots were counted: the pace is read on the clock, 24 hours a day
    // (1,440 shots over 14 days are 4.29 an hour, 1,000 of them about 9.7 days).
    const unscheduled = forecastRunOut(input({ schedule: { ranges: [] } }));
    expect(unscheduled.shotsPerHour).toBeCloseTo(1_440 / (14 * 24), 6);
    expect(unscheduled.runsOutOn).toBe('2026-12-02');
    expect(forecastRunOut(input({ schedule: { ranges: [] }, windowShots: 0 })).runsOutOn).toBeNull();
    // A pace so slow that the capsule outlives the two-year horizon.
    expect(forecastRunOut(input({ windowShots: 1, remainingShots: 100_000 })).runsOutOn).toBeNull();
  });

  it('starts the pace’s window at the first counted UTC day when the capsule was first seen later', () => {
    const windowFirstDay = at('2026-11-12T00:00:00Z');
    const firstSeenAt = at('2026-11-25T14:50:00Z');
    expect(paceWindowStart({ windowFirstDay, firstSeenAt, firstCountedDay: '2026-11-25' })).toEqual(
      at('2026-11-25T00:00:00Z'),
    );
    expect(paceWindowStart({ windowFirstDay, firstSeenAt, firstCountedDay: null })).toEqual(firstSeenAt);
    // Installed long ago, first counted later: the idle days before count too.
    const longAgo = at('2026-10-01T00:00:00Z');
    expect(paceWindowStart({ windowFirstDay, firstSeenAt: longAgo, firstCountedDay: '2026-11-20' })).toEqual(
      windowFirstDay,
    );
  });

  it('gives the day in the location’s zone, not UTC’s', () => {
    const tokyo = 'Asia/Tokyo';
    // 2026-11-23 14:00 UTC is Monday 23:00 in Tokyo: the shop has closed, the next on-hour is Tuesday.
    const now = at('2026-11-23T14:00:00Z');
    expect(localTimeAt(tokyo, now)).toEqual({ date: '2026-11-23', weekday: 1, minute: 23 * 60 });
    const forecast = forecastRunOut(
      input({ timeZone: tokyo, now, windowStart: at('2026-11-09T14:00:00Z'), remainingShots: 5 }),
    );
    expect(forecast.runsOutOn).toBe('2026-11-24');
    // The same instant in São Paulo is Monday 11:00: 11 on-hours left today.
    expect(
      forecastRunOut(input({ now, windowStart: at('2026-11-09T14:00:00Z'), remainingShots: 5 })).runsOutOn,
    ).toBe('2026-11-23');
  });

  it('counts a range crossing midnight into the next day', () => {
    // Friday 22:00–02:00 only: 4 on-hours a week, 2 of them on Saturday.
    const fridayNight: Schedule = { ranges: [{ weekday: 5, start: '22:00', end: '02:00', intensity: 90 }] };
    // Two weeks: 8 on-hours, 80 shots → 10 an hour. Monday now: Friday gives 20, Saturday's 2 h 20 more.
    const base = input({ schedule: fridayNight, windowShots: 80 });
    expect(forecastRunOut(base).shotsPerHour).toBe(10);
    expect(forecastRunOut({ ...base, remainingShots: 20 }).runsOutOn).toBe('2026-11-27');
    expect(forecastRunOut({ ...base, remainingShots: 21 }).runsOutOn).toBe('2026-11-28');
    expect(forecastRunOut({ ...base, remainingShots: 41 }).runsOutOn).toBe('2026-12-04');
  });
});

describe('runOutForecaster', () => {
  it('answers what forecastRunOut does, for capsules sharing and not sharing their readings', () => {
    const fridayNight: Schedule = { ranges: [{ weekday: 5, start: '22:00', end: '02:00', intensity: 90 }] };
    const none: Schedule = { ranges: [] };
    const schedules = [shop, fridayNight, none, { ranges: [...shop.ranges] }];
    const zones = [zone, 'Europe/Madrid', 'America/New_York'];
    const starts = [at('2026-11-09T03:00:00Z'), at('2026-11-16T03:00:00Z'), at('2026-11-22T17:45:00Z')];
    const nows = [at('2026-11-23T03:00:00Z'), at('2026-11-25T18:00:00Z')];
    const inputs: ForecastInput[] = [];
    for (const now of nows)
      for (const schedule of schedules)
        for (const timeZone of zones)
          for (const windowStart of starts)
            for (const remainingShots of [0, 1, 120, 721, 5_000, 2_000_000])
              for (const windowShots of [0, 80, 1_440])
                inputs.push({ schedule, timeZone, windowStart, remainingShots, windowShots, now });
    // One forecaster for all (readings shared), and the inputs once more, in reverse, on a fresh one.
    const shared = runOutForecaster();
    expect(inputs.map(shared)).toEqual(inputs.map(forecastRunOut));
    const reversed = [...inputs].reverse();
    expect(reversed.map(runOutForecaster())).toEqual(reversed.map(forecastRunOut));
  });
});
