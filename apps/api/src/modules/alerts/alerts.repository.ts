import type { Schedule } from '@scentia/shared/schedules.schemas';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Taken for the alerts job's transaction: one instance runs it at a time, the others skip that run. */
const ALERTS_JOB_LOCK = 7_426_001;

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** `{1,2,NULL}`: an array parameter as one text literal (values are numbers and ISO dates). */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}

export type ForecastSource = {
  capsuleId: number;
  remainingShots: number;
  windowShots: number;
  /** The first UTC day of the window with counted shots (`YYYY-MM-DD`), null without any. */
  firstCountedDay: string | null;
  createdAt: Date;
  schedule: Schedule;
  timeZone: string;
};

export type ForecastRow = { capsuleId: number; runsOutOn: string | null; shotsPerHour: number };

export type AlertRules = {
  now: Date;
  capsuleDays: number;
  offlineHours: number;
  /** A capsule with this share of its shots left, or less, is running out whatever its forecast says. */
  lowLevelPercent: number;
  /** A capsule running out this many days ahead, or sooner, is critical. */
  criticalCapsuleDays: number;
  /** A capsule this many days past its due date, or more, is critical. */
  criticalPastDueDays: number;
  /** A device silent for this many times the offline hours, or never heard from, is critical. */
  criticalOfflineFactor: number;
};

/**
 * The alerts job's SQL, every statement on the caller's transaction (`AlertsRepository` is built on
 * it): the forecasts' inputs and their upsert, then the alerts raised, kept up to date and cleared.
 */
export class AlertsRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: AlertsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AlertsRepository(tx as unknown as Database)));
  }

  /**
   * Whether this transaction holds the job's lock (false: another instance is running it now). JIT is
   * off for the rest of the transaction: its statements read every capsule once, so their estimated
   * cost passes JIT's threshold at any fleet size, and compiling them took longer than it saved.
   */
  async tryLock(): Promise<boolean> {
    const [row] = await rowsOf<{ locked: boolean }>(
      this.db.execute(sql`select pg_try_advisory_xact_lock(${ALERTS_JOB_LOCK}) as locked`),
    );
    if (row?.locked !== true) return false;
    await this.db.execute(sql`set local jit = off`);
    return true;
  }

  /**
   * Every active capsule in an active device: its level, its counted shots since `firstDay` (a UTC
   * day, as capsule_shot_days counts them) and the first of those days, when it was first seen, and
   * its device's schedule (its own, or its location's) with the location's zone.
   */
  async forecastSources(firstDay: string): Promise<ForecastSource[]> {
    return rowsOf<ForecastSource>(
      this.db.execute(sql`
        select c.id as "capsuleId", lv.remaining_shots as "remainingShots",
          coalesce(w.shots, 0)::float8 as "windowShots", w.first_day::text as "firstCountedDay",
          c.created_at as "createdAt", coalesce(d.schedule, loc.schedule) as "schedule",
          loc.time_zone as "timeZone"
        from capsules c
        join devices d on d.id = c.device_id and d.deleted_at is null
        join locations loc on loc.id = d.location_id
        join capsule_levels lv on lv.capsule_id = c.id
        cross join lateral (
          select sum(s.shots) as shots, min(s.day) filter (where s.shots > 0) as first_day
          from capsule_shot_days s where s.capsule_id = c.id and s.day >= ${firstDay}::date) w
        where c.deleted_at is null
        order by c.id`),
    ).then((rows) => rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })));
  }

  /** Writes the forecasts in one statement and forgets those of capsules no longer in service. */
  async saveForecasts(rows: ForecastRow[], now: Date): Promise<void> {
    if (rows.length > 0) {
      await this.db.execute(sql`
        insert into capsule_forecasts as f (capsule_id, runs_out_on, shots_per_hour, computed_at)
        select id, day, pace, ${now.toISOString()}::timestamptz
        from unnest(${arrayLiteral(rows.map((row) => row.capsuleId))}::int[],
                    ${arrayLiteral(rows.map((row) => row.runsOutOn))}::date[],
                    ${arrayLiteral(rows.map((row) => row.shotsPerHour))}::real[]) as r(id, day, pace)
        order by id
        on conflict (capsule_id) do update
          set runs_out_on = excluded.runs_out_on, shots_per_hour = excluded.shots_per_hour,
              computed_at = excluded.computed_at`);
    }
    await this.db.execute(sql`
      delete from capsule_forecasts f
      where not exists (
        select 1 from capsules c join devices d on d.id = c.device_id and d.deleted_at is null
        where c.id = f.capsule_id and c.deleted_at is null)`);
  }

  /**
   * Raises the alerts whose condition holds and has no open alert (the partial unique index
   * alerts_open_subject_key makes a second raise of the same alert an update, even from another
   * instance), brings the open ones' details up to date when they changed, and clears the open ones
   * whose condition no longer holds (a retired capsule or device included). One statement: the
   * conditions are read once, from one snapshot.
   */
  async raiseAndClear(rules: AlertRules): Promise<{ raised: number; updated: number; cleared: number }> {
    const now = rules.now.toISOString();
    const [row] = await rowsOf<{ raised: number; updated: number; cleared: number }>(
      this.db.execute(sql`
        with capsule_state as (
          select c.id as capsule_id, c.device_id, c.slot, c.fragrance_id, c.due_date, lv.remaining_shots,
            c.size_shots, f.runs_out_on, today, d.location_id, d.organization_id,
            exists (select 1 from capsules o join capsule_levels ol on ol.capsule_id = o.id
                    where o.device_id = c.device_id and o.id <> c.id and o.deleted_at is null
                      and ol.remaining_shots > 0) as others_left
          from capsules c
          join devices d on d.id = c.device_id and d.deleted_at is null
          join locations loc on loc.id = d.location_id
          cross join lateral (select (${now}::timestamptz at time zone loc.time_zone)::date as today) t
          join capsule_levels lv on lv.capsule_id = c.id
          left join capsule_forecasts f on f.capsule_id = c.id
          where c.deleted_at is null
        ), conditions as (
          select 'capsuleEmpty'::varchar as kind, 'critical'::varchar as severity,
            others_left as can_keep_running, device_id, capsule_id, location_id, organization_id, slot,
            fragrance_id, null::date as runs_out_on, null::date as due_date, null::timestamptz as last_seen_at
          from capsule_state
          where remaining_shots = 0
          union all
          select 'capsuleRunningOut',
            case when runs_out_on <= today + ${rules.criticalCapsuleDays}::int then 'critical' else 'warning' end,
            others_left, device_id, capsule_id, location_id, organization_id, slot, fragrance_id,
            runs_out_on, null, null
          from capsule_state
          where remaining_shots > 0
            and (runs_out_on <= today + ${rules.capsuleDays}::int
              or remaining_shots * 100 <= size_shots * ${rules.lowLevelPercent}::int)
          union all
          select 'capsulePastDue',
            case when due_date <= today - ${rules.criticalPastDueDays}::int then 'critical' else 'warning' end,
            remaining_shots > 0 or others_left, device_id, capsule_id, location_id, organization_id, slot,
            fragrance_id, null, due_date, null
          from capsule_state
          where due_date < today
          union all
          select 'deviceOffline',
            case when s.last_seen_at is null
                   or s.last_seen_at < ${now}::timestamptz
                     - make_interval(hours => ${rules.offlineHours * rules.criticalOfflineFactor})
              then 'critical' else 'warning' end,
            exists (select 1 from capsules c join capsule_levels lv on lv.capsule_id = c.id
                    where c.device_id = d.id and c.deleted_at is null and lv.remaining_shots > 0),
            d.id, null, d.location_id, d.organization_id, null, null, null, null, s.last_seen_at
          from devices d
          left join device_states s on s.device_id = d.id
          where d.deleted_at is null
            and coalesce(s.last_seen_at, d.provisioned_at)
              < ${now}::timestamptz - make_interval(hours => ${rules.offlineHours})
        ), upserted as (
          insert into alerts as a (kind, severity, can_keep_running, device_id, capsule_id, location_id,
            organization_id, slot, fragrance_id, runs_out_on, due_date, last_seen_at, raised_at, updated_at)
          select kind, severity, can_keep_running, device_id, capsule_id, location_id, organization_id,
            slot, fragrance_id, runs_out_on, due_date, last_seen_at, ${now}::timestamptz, ${now}::timestamptz
          from conditions
          order by kind, device_id, coalesce(capsule_id, 0)
          on conflict (kind, device_id, (coalesce(capsule_id, 0))) where cleared_at is null do update
            set severity = excluded.severity, can_keep_running = excluded.can_keep_running,
                location_id = excluded.location_id, organization_id = excluded.organization_id,
                slot = excluded.slot, fragrance_id = excluded.fragrance_id,
                runs_out_on = excluded.runs_out_on, due_date = excluded.due_date,
                last_seen_at = excluded.last_seen_at, updated_at = excluded.updated_at
            where (a.severity, a.can_keep_running, a.location_id, a.organization_id, a.slot, a.fragrance_id,
                   a.runs_out_on, a.due_date, a.last_seen_at)
              is distinct from (excluded.severity, excluded.can_keep_running, excluded.location_id,
                   excluded.organization_id, excluded.slot, excluded.fragrance_id, excluded.runs_out_on,
                   excluded.due_date, excluded.last_seen_at)
          returning (xmax = 0) as is_new
        ), cleared as (
          update alerts a set cleared_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
          where a.cleared_at is null and not exists (
            select 1 from conditions k
            where k.kind = a.kind and k.device_id = a.device_id
              and coalesce(k.capsule_id, 0) = coalesce(a.capsule_id, 0))
          returning a.id
        )
        select (select count(*) from upserted where is_new)::int as raised,
          (select count(*) from upserted where not is_new)::int as updated,
          (select count(*) from cleared)::int as cleared`),
    );
    return row ?? { raised: 0, updated: 0, cleared: 0 };
  }
}
