import type { Database } from '../../db/client.ts';
import { paceWindowStart, runOutForecaster } from '../../lib/capsule-forecast.ts';
import { AlertsRepository } from './alerts.repository.ts';

const DAY_MS = 86_400_000;

/**
 * How urgent each alert is (docs/decisions/forecasts-and-alerts.md, alerts):
 * - an empty capsule is critical;
 * - a capsule running out is critical when it runs out within 2 days, a warning before;
 * - a capsule past its due date is a warning, critical from 7 days past it;
 * - a device silent for more than the offline hours is a warning, critical from 3 times as long (or
 *   when it was provisioned and never heard from).
 */
export const ALERT_SEVERITY_RULES = {
  criticalCapsuleDays: 2,
  criticalPastDueDays: 7,
  criticalOfflineFactor: 3,
} as const;

/**
 * A capsule with 10 % of its shots or fewer left is running out even without a forecast within
 * `ALERT_CAPSULE_DAYS` (a schedule that says it is off, too few counted shots to read a pace): a low
 * level is seen on the device itself, whatever the forecast makes of it.
 */
export const CAPSULE_LOW_LEVEL_PERCENT = 10;

export type AlertsJobOptions = {
  /** The plain handle: forecasts and alerts are the job's bookkeeping, not anyone's edit. */
  db: Database;
  windowDays: number;
  capsuleDays: number;
  offlineHours: number;
};

export type AlertsJobResult =
  | { skipped: true }
  | { skipped: false; forecasts: number; raised: number; updated: number; cleared: number };

/**
 * One run of the alerts job, in one transaction: every active capsule's forecast recomputed and
 * upserted, then the alerts raised, updated and cleared. The transaction takes an advisory lock first;
 * when another instance holds it (running the same job at the same moment), this run is skipped,
 * since the other's result is as fresh. The alerts' partial unique index keeps them single even
 * without the lock.
 */
export async function runAlertsJob(options: AlertsJobOptions, now = new Date()): Promise<AlertsJobResult> {
  return new AlertsRepository(options.db).transaction(async (repository) => {
    if (!(await repository.tryLock())) return { skipped: true } as const;
    // The window's first UTC day: today (UTC) and the `windowDays - 1` before it.
    const firstDayStart = new Date(
      Math.floor(now.getTime() / DAY_MS) * DAY_MS - (options.windowDays - 1) * DAY_MS,
    );
    const sources = await repository.forecastSources(firstDayStart.toISOString().slice(0, 10));
    const forecastRunOut = runOutForecaster();
    const forecasts = sources.map((source) => ({
      capsuleId: source.capsuleId,
      ...forecastRunOut({
        schedule: source.schedule,
        timeZone: source.timeZone,
        remainingShots: source.remainingShots,
        windowShots: source.windowShots,
        windowStart: paceWindowStart({
          windowFirstDay: firstDayStart,
          firstSeenAt: source.createdAt,
          firstCountedDay: source.firstCountedDay,
        }),
        now,
      }),
    }));
    await repository.saveForecasts(forecasts, now);
    const alerts = await repository.raiseAndClear({
      now,
      capsuleDays: options.capsuleDays,
      offlineHours: options.offlineHours,
      lowLevelPercent: CAPSULE_LOW_LEVEL_PERCENT,
      ...ALERT_SEVERITY_RULES,
    });
    return { skipped: false, forecasts: forecasts.length, ...alerts } as const;
  });
}
