import { scheduledIntensityAt } from '@scentia/shared/schedule-times';
import type { EffectiveSchedule } from '@scentia/shared/schedules.schemas';

/**
 * The devices a run drives: `count` of the candidates (already in the seed's order), those whose
 * schedule diffuses at `at` first. A run at 03:00 or at 09:52 drives the shops open then (the airport's
 * around the clock) rather than closed ones that would fire nothing; closed ones fill the rest.
 */
export function chooseDevices<T extends { schedule: EffectiveSchedule }>(
  candidates: readonly T[],
  count: number,
  at: Date,
): { chosen: T[]; openNow: number } {
  const isOpen = (candidate: T) =>
    scheduledIntensityAt(candidate.schedule, candidate.schedule.timeZone, at) > 0;
  const open = candidates.filter(isOpen);
  const closed = candidates.filter((candidate) => !isOpen(candidate));
  const chosen = [...open, ...closed].slice(0, count);
  return { chosen, openNow: Math.min(open.length, count) };
}
