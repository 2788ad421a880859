import type { Alert, AlertKind, AlertSeverity, Notifications } from '@scentia/shared/alerts.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '@scentia/shared/locales';
import type { Database } from '../../db/client.ts';
import { type AccessScope, STAFF_SCOPE } from '../../lib/access-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailOutbox } from '../../lib/mail/mail-outbox.ts';
import { renderDigestMail } from './digest-mail.ts';
import { alertsWithin, type DigestRecipient, NotificationsRepository } from './notifications.repository.ts';

/** The digest lists this many alerts at most, and counts the rest. */
const DIGEST_MAX_ALERTS = 50;

type AlertRecord = Awaited<ReturnType<NotificationsRepository['openAlerts']>>[number];

function toAlert(record: AlertRecord): Alert {
  return {
    alertId: record.alertId,
    kind: record.kind as AlertKind,
    severity: record.severity as AlertSeverity,
    canKeepRunning: record.canKeepRunning,
    device: { deviceId: record.deviceId, macAddress: record.macAddress },
    location: {
      locationId: record.locationId,
      name: record.locationName,
      timeZone: record.locationTimeZone,
    },
    organization: { organizationId: record.organizationId, name: record.organizationName },
    slot: record.slot,
    fragrance:
      record.fragranceId === null || record.fragranceName === null
        ? null
        : { fragranceId: record.fragranceId, name: record.fragranceName },
    capsule:
      record.capsuleId === null || record.serialNumber === null
        ? null
        : { capsuleId: record.capsuleId, serialNumber: record.serialNumber },
    runsOutOn: record.runsOutOn,
    dueDate: record.dueDate,
    lastSeenAt: record.lastSeenAt?.toISOString() ?? null,
    raisedAt: record.raisedAt.toISOString(),
    isRead: record.readAt !== null,
  };
}

/** A digest reader's scope: a member's organisation (and locations), or the staff's. */
const scopeOfRecipient = (person: DigestRecipient): AccessScope =>
  person.organizationId !== null && person.role !== null
    ? {
        kind: 'member',
        organizationId: person.organizationId,
        role: person.role,
        locationIds: person.locationIds,
      }
    : STAFF_SCOPE;

/**
 * The quick panel's notification tab and settings: the open alerts (every staff member sees them all,
 * a member their organisation's, at their locations when limited; the read marks are each person's
 * own), and the daily digest mail of those who asked for it, each listing the alerts they may see.
 * Neither a read mark nor a person's own digest choice is audited: bookkeeping of one person's
 * attention, not a change to a business record (docs/decisions/dashboard.md).
 */
export function createNotificationsService(deps: {
  db: Database;
  outbox: MailOutbox;
  /** Where the digest's links point: `${appUrl}/admin/devices/{id}/update`. */
  appUrl: string;
}) {
  const repository = new NotificationsRepository(deps.db);
  const deviceLink = (deviceId: number) =>
    `${deps.appUrl.replace(/\/$/, '')}/admin/devices/${deviceId}/update`;

  return {
    async list(userId: number, limit: number, scope?: AccessScope): Promise<Notifications> {
      const within = alertsWithin(scope);
      const [records, counts] = await Promise.all([
        repository.openAlerts(userId, limit, within),
        repository.openCounts(userId, within),
      ]);
      return { unreadCount: counts.unread, total: counts.total, items: records.map(toAlert) };
    },

    /** Another organisation's alert is a 404, as an unknown one. */
    async markRead(userId: number, alertId: number, scope?: AccessScope): Promise<void> {
      if (!(await repository.markRead(userId, alertId, alertsWithin(scope))))
        throw new AppError(ErrorCode.NOT_FOUND);
    },

    markAllRead: (userId: number, scope?: AccessScope) => repository.markAllRead(userId, alertsWithin(scope)),

    settings: (userId: number) => repository.settings(userId),

    async saveSettings(userId: number, settings: { dailyDigest: boolean }) {
      await repository.saveSettings(userId, settings);
      return repository.settings(userId);
    },

    /**
     * Queues today's digest (a UTC day) of each person who asked for it, once: the day is claimed and
     * the mail queued in one transaction, so two instances queue it once and a failed run queues none.
     * Answers how many were queued (the caller nudges the outbox).
     */
    async queueDigests(now = new Date()): Promise<number> {
      return repository.transaction(async (tx) => {
        const recipients = await tx.claimDigests(now.toISOString().slice(0, 10));
        if (recipients.length === 0) return 0;
        // The alerts of each scope, read once: staff share the fleet's, a member gets their sites'.
        const alertsByScope = new Map<string, Promise<{ alerts: Alert[]; total: number }>>();
        const alertsOf = (scope: AccessScope) => {
          const key = JSON.stringify(scope);
          let found = alertsByScope.get(key);
          if (!found) {
            const within = alertsWithin(scope);
            found = Promise.all([
              tx.openAlerts(null, DIGEST_MAX_ALERTS, within),
              tx.openCounts(0, within),
            ]).then(([records, counts]) => ({ alerts: records.map(toAlert), total: counts.total }));
            alertsByScope.set(key, found);
          }
          return found;
        };
        let queued = 0;
        for (const person of recipients) {
          const { alerts, total } = await alertsOf(scopeOfRecipient(person));
          // A member whose sites have no open alert gets no mail today.
          if (alerts.length === 0) continue;
          queued += 1;
          const language: Language = toLanguage(person.language) ?? DEFAULT_LANGUAGE;
          const mail = renderDigestMail({
            language,
            name: person.name,
            alerts,
            total,
            deviceLink,
          });
          await deps.outbox.enqueue(tx.db, {
            ...mail,
            kind: 'alertsDigest',
            userId: person.id,
            to: person.email,
            toName: person.name,
            language,
          });
        }
        return queued;
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
