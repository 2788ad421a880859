import type { Alert } from '@scentia/shared/alerts.schemas';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import type { TFunction } from 'i18next';
import { formatDate, formatTimestamp } from '../../lib/date-format.ts';

/** What a notification says, every part built from the alert's own fields (namespace `shell`). */
export type AlertText = {
  /** "Capsule running out" */
  title: string;
  /** "Critical: act today", said in words beside its icon, never by colour alone. */
  severity: string;
  /** What happened, naming the capsule's slot and fragrance, the device, its location and organisation. */
  what: string;
  /** What to do about it, and whether the device keeps diffusing meanwhile. */
  action: string;
};

/** The capsule (slot, fragrance) or the device an alert is about, and where it is. */
function subjectOf(alert: Alert, t: TFunction): string {
  const place = {
    device: formatMacAddress(alert.device.macAddress),
    location: alert.location.name,
    organization: alert.organization.name,
  };
  if (alert.kind === 'deviceOffline' || alert.slot === null) return t('notifications.subject.device', place);
  return t(alert.fragrance ? 'notifications.subject.capsule' : 'notifications.subject.capsuleUnnamed', {
    ...place,
    slot: alert.slot,
    fragrance: alert.fragrance?.name ?? '',
  });
}

function whatOf(alert: Alert, t: TFunction, today: string): string {
  const subject = subjectOf(alert, t);
  switch (alert.kind) {
    case 'capsuleEmpty':
      return t('notifications.what.empty', { subject });
    case 'capsuleRunningOut': {
      const day = alert.runsOutOn;
      if (day === null) return t('notifications.what.runningOut', { subject });
      if (day < today) return t('notifications.what.ranOut', { subject, date: formatDate(day) });
      if (day === today) return t('notifications.what.runsOutToday', { subject });
      return t('notifications.what.runsOutOn', { subject, date: formatDate(day) });
    }
    case 'capsulePastDue':
      return alert.dueDate
        ? t('notifications.what.pastDueOn', { subject, date: formatDate(alert.dueDate) })
        : t('notifications.what.pastDue', { subject });
    case 'deviceOffline':
      return alert.lastSeenAt
        ? t('notifications.what.offlineSince', { subject, time: formatTimestamp(alert.lastSeenAt) })
        : t('notifications.what.neverSeen', { subject });
  }
}

/** The step to take, by kind and urgency; a running-out warning with a forecast day says "before then". */
function stepOf(alert: Alert, t: TFunction): string {
  switch (alert.kind) {
    case 'capsuleEmpty':
      return t('notifications.step.replaceToday');
    case 'capsuleRunningOut':
      if (alert.severity === 'critical') return t('notifications.step.replaceToday');
      return alert.runsOutOn
        ? t('notifications.step.replaceBefore')
        : t('notifications.step.planReplacement');
    case 'capsulePastDue':
      return alert.severity === 'critical'
        ? t('notifications.step.replaceToday')
        : t('notifications.step.replacePastDue');
    case 'deviceOffline':
      return t('notifications.step.checkDevice');
  }
}

/** Whether the device goes on diffusing meanwhile, as the alert's `canKeepRunning` says for its kind. */
function consequenceOf(alert: Alert, t: TFunction): string {
  switch (alert.kind) {
    case 'capsuleEmpty':
    case 'capsuleRunningOut':
      return alert.canKeepRunning
        ? t('notifications.meanwhile.otherCapsules')
        : t('notifications.meanwhile.deviceStops');
    case 'capsulePastDue':
      return alert.canKeepRunning
        ? t('notifications.meanwhile.keepsDiffusing')
        : t('notifications.meanwhile.deviceStopped');
    case 'deviceOffline':
      return alert.canKeepRunning
        ? t('notifications.meanwhile.deviceKeepsRunning')
        : t('notifications.meanwhile.noShotsEither');
  }
}

/**
 * The notification's texts, in the interface's language: e.g. "The capsule in slot 4 (Lavanda) of
 * AA:BB:… at Shop X (Org Y) runs out on 28/11/2026." and "Replace it before then; the device keeps
 * running on its other capsules." `today` (`YYYY-MM-DD`, the browser's day) tells a forecast day
 * that is today or past from one still ahead.
 */
export function alertText(alert: Alert, t: TFunction, today: string): AlertText {
  return {
    title: t(`notifications.kinds.${alert.kind}`),
    severity: t(`notifications.severity.${alert.severity}`),
    what: whatOf(alert, t, today),
    action: t('notifications.action', { step: stepOf(alert, t), consequence: consequenceOf(alert, t) }),
  };
}
