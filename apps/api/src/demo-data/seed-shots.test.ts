import { scheduledIntensityAt } from '@scentia/shared/schedule-times';
import { describe, expect, it } from 'vitest';
import { CAPSULE_SIZE, seededRandom } from './fleet.ts';
import { type DeviceHistoryPlan, planHistory } from './seed-shots.ts';

const now = Date.parse('2026-11-24T22:00:00Z');
const plan: DeviceHistoryPlan = {
  deviceId: 7,
  macAddress: '5C0FFE0100A3',
  locationId: 3,
  campaignId: 2,
  // Three slots at 120 shots an hour, 12 hours a day: capsules run empty and are replaced.
  collection: [
    { slot: 1, fragranceId: 11 },
    { slot: 2, fragranceId: 12 },
    { slot: 3, fragranceId: 13 },
  ],
  schedule: {
    ranges: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '22:00', intensity: 120 })),
  },
  timeZone: 'America/Sao_Paulo',
  from: new Date(now - 28 * 86_400_000),
  until: new Date(now - 60_000),
};

describe('a demo device history', () => {
  const history = planHistory(plan, seededRandom(25), now);

  it('fires only while its schedule runs, within its days', () => {
    expect(history.entries.length).toBeGreaterThan(100);
    for (const entry of history.entries) {
      expect(scheduledIntensityAt(plan.schedule, plan.timeZone, entry.shotAt)).toBeGreaterThan(0);
      expect(entry.shotAt.getTime()).toBeGreaterThanOrEqual(plan.from.getTime());
      expect(entry.shotAt.getTime()).toBeLessThan(plan.until.getTime());
    }
  });

  it('counts every capsule down by its own shots, never below zero, and replaces the emptied ones', () => {
    const shotsOf = new Map<string, number>();
    for (const entry of history.entries)
      shotsOf.set(entry.capsule.serialNumber, (shotsOf.get(entry.capsule.serialNumber) ?? 0) + entry.count);
    const replacements = history.planned.filter((capsule) => !capsule.serialNumber.endsWith('-1'));
    expect(replacements.length).toBeGreaterThan(0);
    for (const capsule of history.planned) {
      expect(capsule.remainingShots).toBeGreaterThanOrEqual(0);
      // A replacement went in full: its level is its size less its shots, exactly.
      if (replacements.includes(capsule))
        expect(CAPSULE_SIZE - capsule.remainingShots).toBe(shotsOf.get(capsule.serialNumber) ?? 0);
      // One taken out was empty; one still in a slot is in the device.
      if (capsule.deviceId === null) expect(capsule.remainingShots).toBe(0);
    }
    const inSlots = history.planned
      .filter((capsule) => capsule.deviceId !== null)
      .map((capsule) => capsule.slot);
    expect(new Set(inSlots).size).toBe(inSlots.length);
  });

  it('carries the shots in batches of increasing sequence that sum to them', () => {
    const sequences = history.batches.map((batch) => batch.sequence);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
    const total = history.entries.reduce((sum, entry) => sum + entry.count, 0);
    expect(history.batches.reduce((sum, batch) => sum + batch.shots, 0)).toBe(total);
    for (const entry of history.entries) expect(sequences).toContain(entry.batchSequence);
  });

  it('is the same history on every run', () => {
    const again = planHistory(plan, seededRandom(25), now);
    expect(again.entries.map((entry) => [entry.shotAt.getTime(), entry.slot, entry.count])).toEqual(
      history.entries.map((entry) => [entry.shotAt.getTime(), entry.slot, entry.count]),
    );
  });
});
