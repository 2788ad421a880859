import type { Alert, AlertKind, AlertSeverity, Notifications } from '@scentia/shared/alerts.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { DEFAULT_LANGUAGE, type Language, toLanguage } from '@scentia/shared/locales';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailOutbox } from '../../lib/mail/mail-outbox.ts';
import { renderDigestMail } from './digest-mail.ts';
import { NotificationsRepository } from './notifications.repository.ts';

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

/**
 * The quick panel's notification tab and settings: the open alerts (every staff member sees them all;
 * the read marks are each person's own), and the daily digest mail of those who asked for it.
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
    async list(userId: number, limit: number): Promise<Notifications> {
      const [records, counts] = await Promise.all([
        repository.openAlerts(userId, limit),
        repository.openCounts(userId),
      ]);
      return { unreadCount: counts.unread, total: counts.total, items: records.map(toAlert) };
    },

    async markRead(userId: number, alertId: number): Promise<void> {
      if (!(await repository.markRead(userId, alertId))) throw new AppError(ErrorCode.NOT_FOUND);
    },

    markAllRead: (userId: number) => repository.markAllRead(userId),

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
        const [records, counts] = await Promise.all([
          tx.openAlerts(null, DIGEST_MAX_ALERTS),
          tx.openCounts(0),
        ]);
        const alerts = records.map(toAlert);
        for (const person of recipients) {
          const language: Language = toLanguage(person.language) ?? DEFAULT_LANGUAGE;
          const mail = renderDigestMail({
            language,
            name: person.name,
            alerts,
            total: counts.total,
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
        return recipients.length;
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
