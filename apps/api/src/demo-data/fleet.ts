import { type Schedule, type ScheduleRange, scheduleSchema } from '@scentia/shared/schedules.schemas';

/**
 * The demo fleet's plan: the shops' opening hours (each location's schedule, in its own time zone), how
 * many diffusers stand in each and what they run. Everything random here comes from one seeded
 * generator, so every run of the demo data builds the same fleet.
 */

/** A small seeded generator (mulberry32): the same fleet and history on every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer from `min` to `max`, both included. */
    between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
export type Random = ReturnType<typeof seededRandom>;

const days = (weekdays: number[], start: string, end: string, intensity: number): ScheduleRange[] =>
  weekdays.map((weekday) => ({ weekday, start, end, intensity }));
const MONDAY_TO_SATURDAY = [1, 2, 3, 4, 5, 6];
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5];

/** A shopping-centre shop: Monday to Saturday 10:00–22:00, Sunday 14:00–20:00. */
const MALL: Schedule = {
  ranges: [...days(MONDAY_TO_SATURDAY, '10:00', '22:00', 60), ...days([0], '14:00', '20:00', 45)],
};
/** A street shop: weekdays 09:00–19:00, Saturday morning. */
const STREET: Schedule = {
  ranges: [...days(MONDAY_TO_FRIDAY, '09:00', '19:00', 40), ...days([6], '09:00', '14:00', 40)],
};
/** A pharmacy: long weekdays, Saturday until 20:00, Sunday morning. */
const PHARMACY: Schedule = {
  ranges: [
    ...days(MONDAY_TO_FRIDAY, '08:00', '22:00', 30),
    ...days([6], '08:00', '20:00', 30),
    ...days([0], '09:00', '13:00', 20),
  ],
};
/** A seaside shop open late at the weekend: Friday and Saturday 10:00–02:00, crossing midnight. */
const LATE_WEEKEND: Schedule = {
  ranges: [
    ...days([1, 2, 3, 4], '10:00', '22:00', 50),
    ...days([5, 6], '10:00', '02:00', 70),
    ...days([0], '14:00', '20:00', 40),
  ],
};
/** An airport shop, open around the clock: a whole day from midnight, every day. */
const AROUND_THE_CLOCK: Schedule = { ranges: days([0, 1, 2, 3, 4, 5, 6], '00:00', '00:00', 30) };
/** A device's own schedule, overriding its shop's: only weekday mornings (a diffuser by the entrance). */
export const MORNINGS_ONLY: Schedule = { ranges: days(MONDAY_TO_FRIDAY, '08:00', '12:00', 90) };

for (const schedule of [MALL, STREET, PHARMACY, LATE_WEEKEND, AROUND_THE_CLOCK, MORNINGS_ONLY])
  scheduleSchema.parse(schedule);

/** The airport shop of the demo clients (clients.ts): the location open around the clock. */
const AIRPORT_LOCATION = 'Essenza Aeroporto Guarulhos';

/** A location's opening hours, by what its name says it is. */
export function shopHoursOf(locationName: string): Schedule {
  if (locationName === AIRPORT_LOCATION) return AROUND_THE_CLOCK;
  if (/Copacabana/.test(locationName)) return LATE_WEEKEND;
  if (/Bem-Estar/.test(locationName)) return PHARMACY;
  if (/Shopping|Sol Nascente|Barra|Campinas|Djalma/.test(locationName)) return MALL;
  return STREET;
}

/** Diffusers in a location: three at the airport, one or two elsewhere (about 30 in all). */
export const devicesAt = (locationName: string, random: Random) =>
  locationName === AIRPORT_LOCATION ? 3 : random.next() < 0.45 ? 2 : 1;

/** A MAC address of the demo's (made-up) manufacturer prefix: 12 upper-case hex digits. */
export const demoMacAddress = (index: number) =>
  `5C0FFE${(0x100a3 + index * 0x2f1).toString(16).toUpperCase().padStart(6, '0')}`;

export const FIRMWARE_VERSIONS = ['2.3.0', '2.4.1', '2.4.2'] as const;
/** A new capsule's size, in shots (a capsule of the demo campaigns). */
export const CAPSULE_SIZE = 3_000;
/** Days of shots the demo keeps behind today. */
export const HISTORY_DAYS = 28;
