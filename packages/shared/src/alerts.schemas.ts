import { z } from 'zod';
import { boundedIntegerText } from './integers.schemas.ts';

/**
 * What the alerts job raises (issue: dashboard and alerts): an empty capsule, a capsule forecast to
 * run out within `ALERT_CAPSULE_DAYS` or with few shots left, a capsule past its due date, a device not heard from for
 * more than `ALERT_DEVICE_OFFLINE_HOURS`. An alert is raised once while its condition holds and
 * cleared by the job when it no longer does.
 */
export const ALERT_KINDS = ['capsuleEmpty', 'capsuleRunningOut', 'capsulePastDue', 'deviceOffline'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** `critical`: act today; `warning`: plan it. */
export const ALERT_SEVERITIES = ['critical', 'warning'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** One alert as the notification tab and the digest show it; every text is built from these fields. */
export const alertSchema = z.object({
  alertId: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  severity: z.enum(ALERT_SEVERITIES),
  /** Whether the device goes on diffusing meanwhile (other capsules left, still online...). */
  canKeepRunning: z.boolean(),
  device: z.object({ deviceId: z.number().int(), macAddress: z.string() }),
  /** Where the device is; `timeZone` (IANA) is the zone its clock times are told in. */
  location: z.object({ locationId: z.number().int(), name: z.string(), timeZone: z.string() }),
  organization: z.object({ organizationId: z.number().int(), name: z.string() }),
  /** The capsule's slot and fragrance (capsule alerts), null for a device alert. */
  slot: z.number().int().nullable(),
  fragrance: z.object({ fragranceId: z.number().int(), name: z.string() }).nullable(),
  capsule: z.object({ capsuleId: z.number().int(), serialNumber: z.string() }).nullable(),
  /** The forecast run-out day (capsuleRunningOut), `YYYY-MM-DD`, or null (a low level without one). */
  runsOutOn: z.string().nullable(),
  /** The capsule's due date (capsulePastDue), `YYYY-MM-DD`, or null. */
  dueDate: z.string().nullable(),
  /** When the device was last heard from (deviceOffline), or null if never. */
  lastSeenAt: z.string().nullable(),
  raisedAt: z.string(),
  isRead: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

export const notificationsQuerySchema = z.object({
  /** How many of the open alerts to answer, most urgent and newest first. */
  limit: boundedIntegerText(1, 100, 50),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** `GET /api/notifications`: the open alerts, and how many of them this person has not read. */
export const notificationsSchema = z.object({
  unreadCount: z.number().int(),
  total: z.number().int(),
  items: z.array(alertSchema),
});
export type Notifications = z.infer<typeof notificationsSchema>;

/** `GET`/`PUT /api/notification-settings`: each person's own choices. */
export const notificationSettingsSchema = z.object({
  /** A daily mail of the open alerts, in the person's language (off by default). */
  dailyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
