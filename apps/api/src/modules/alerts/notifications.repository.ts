import { PROFILE_USER } from '@scentia/shared/constants';
import { PROFILE_CLIENT } from '@scentia/shared/members.rules';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  alertReads,
  alerts,
  capsules,
  devices,
  fragrances,
  locations,
  notificationSettings,
  organizations,
} from '../../db/schema/index.ts';
import type { AccessScope } from '../../lib/access-scope.ts';
import { inMemberLocations, scopeCondition } from '../../lib/resource-kit/record-scope.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** The open alerts, most urgent first: critical before warning, then the newest. */
const URGENCY_ORDER = [sql`(${alerts.severity} = 'critical') desc`, desc(alerts.raisedAt), desc(alerts.id)];

/**
 * A digest's reader; a member (a CLIENT account) with their organisation and the locations they are
 * limited to (null: every one), staff with neither.
 */
export type DigestRecipient = {
  id: number;
  name: string;
  email: string;
  language: string;
  organizationId: number | null;
  role: 'manager' | 'viewer' | null;
  locationIds: number[] | null;
};

/** The alerts `scope` may see: their organisation's, at their locations when limited (none for staff). */
export const alertsWithin = (scope: AccessScope | undefined): SQL | undefined =>
  scopeCondition(
    scope,
    (member) =>
      and(
        eq(alerts.organizationId, member.organizationId),
        inMemberLocations(alerts.locationId, member),
      ) as SQL,
  );

/**
 * The notification tab's SQL: the open alerts with what they name and each person's own read marks,
 * the read marks, each person's settings, and the digest's claim of the day.
 */
export class NotificationsRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: NotificationsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new NotificationsRepository(tx as unknown as Database)));
  }

  /** Up to `limit` open alerts `within` a scope, most urgent first, each with whether `userId` has read it. */
  openAlerts(userId: number | null, limit: number, within?: SQL) {
    return this.db
      .select({
        alertId: alerts.id,
        kind: alerts.kind,
        severity: alerts.severity,
        canKeepRunning: alerts.canKeepRunning,
        deviceId: alerts.deviceId,
        macAddress: devices.macAddress,
        locationId: alerts.locationId,
        locationName: locations.name,
        locationTimeZone: locations.timeZone,
        organizationId: alerts.organizationId,
        organizationName: organizations.name,
        slot: alerts.slot,
        fragranceId: alerts.fragranceId,
        fragranceName: fragrances.name,
        capsuleId: alerts.capsuleId,
        serialNumber: capsules.serialNumber,
        runsOutOn: alerts.runsOutOn,
        dueDate: alerts.dueDate,
        lastSeenAt: alerts.lastSeenAt,
        raisedAt: alerts.raisedAt,
        readAt: alertReads.readAt,
      })
      .from(alerts)
      .innerJoin(devices, eq(devices.id, alerts.deviceId))
      .innerJoin(locations, eq(locations.id, alerts.locationId))
      .innerJoin(organizations, eq(organizations.id, alerts.organizationId))
      .leftJoin(fragrances, eq(fragrances.id, alerts.fragranceId))
      .leftJoin(capsules, eq(capsules.id, alerts.capsuleId))
      .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, userId ?? 0)))
      .where(and(isNull(alerts.clearedAt), within))
      .orderBy(...URGENCY_ORDER)
      .limit(limit);
  }

  /** How many alerts `within` a scope are open, and how many of them `userId` has not read. */
  async openCounts(userId: number, within?: SQL): Promise<{ total: number; unread: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${alertReads.alertId} is null))::int`,
      })
      .from(alerts)
      .leftJoin(alertReads, and(eq(alertReads.alertId, alerts.id), eq(alertReads.userId, userId)))
      .where(and(isNull(alerts.clearedAt), within));
    return row ?? { total: 0, unread: 0 };
  }

  /**
   * Marks one alert read by `userId` (again: nothing changes); false when there is no such alert
   * `within` their scope.
   */
  async markRead(userId: number, alertId: number, within: SQL = sql`true`): Promise<boolean> {
    const [row] = await rowsOf<{ found: boolean }>(
      this.db.execute(sql`
        with marked as (
          insert into alert_reads (alert_id, user_id)
          select id, ${userId} from alerts where id = ${alertId} and ${within}
          on conflict do nothing
          returning alert_id
        )
        select exists (select 1 from alerts where id = ${alertId} and ${within}) as found`),
    );
    return row?.found === true;
  }

  /** Marks every open alert `within` their scope read by `userId`. */
  async markAllRead(userId: number, within: SQL = sql`true`): Promise<void> {
    await this.db.execute(sql`
      insert into alert_reads (alert_id, user_id)
      select id, ${userId} from alerts where cleared_at is null and ${within} order by id
      on conflict do nothing`);
  }

  async settings(userId: number): Promise<{ dailyDigest: boolean }> {
    const [row] = await this.db
      .select({ dailyDigest: notificationSettings.dailyDigest })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row ?? { dailyDigest: false };
  }

  async saveSettings(userId: number, settings: { dailyDigest: boolean }): Promise<void> {
    await this.db
      .insert(notificationSettings)
      .values({ userId, dailyDigest: settings.dailyDigest })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { dailyDigest: settings.dailyDigest, updatedAt: sql`now()` },
      });
  }

  /**
   * Claims today's digest (a UTC day) of every active, confirmed staff person or member who asked for
   * it and has not had today's, when any alert is open: one statement sets their `last_digest_on`, so
   * that of several instances running the digest job at once, each person is claimed by one, once a
   * day. A CLIENT account reads one only while its membership is accepted and its organisation active,
   * and is answered with its scope (the service lists their alerts only).
   */
  async claimDigests(today: string): Promise<DigestRecipient[]> {
    return rowsOf<DigestRecipient>(
      this.db.execute(sql`
        update notification_settings ns set last_digest_on = ${today}::date
        from users u join profiles p on p.id = u.profile_id
          left join organization_members m on m.user_id = u.id and m.accepted_at is not null
            and exists (select 1 from organizations o where o.id = m.organization_id and o.deleted_at is null)
        where ns.user_id = u.id and ns.daily_digest
          and (upper(trim(p.name)) <> ${PROFILE_CLIENT} or m.organization_id is not null)
          and (ns.last_digest_on is null or ns.last_digest_on < ${today}::date)
          and u.deleted_at is null and u.anonymized_at is null and u.confirmed_at is not null
          and upper(trim(p.name)) <> ${PROFILE_USER}
          and exists (select 1 from alerts where cleared_at is null)
        returning u.id, u.name, u.email, u.language,
          case when upper(trim(p.name)) = ${PROFILE_CLIENT} then m.organization_id end as "organizationId",
          case when upper(trim(p.name)) = ${PROFILE_CLIENT} then m.role end as role,
          case when upper(trim(p.name)) = ${PROFILE_CLIENT} then m.location_ids end as "locationIds"`),
    );
  }
}
