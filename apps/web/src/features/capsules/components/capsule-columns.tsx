import { WarningOutlined } from '@ant-design/icons';
import { type CapsuleRow, capsuleLevelPercent, isCapsuleDueSoon } from '@scentia/shared/capsules.schemas';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/date-format.ts';
import { PATHS } from '../../../lib/paths.ts';

/** Below this share a capsule's bar is drawn as running low (its text says the same in numbers). */
const LOW_PERCENT = 15;

/** "1.234 / 5.000 (25%)" with a bar: the bar is decoration, the text says it all. */
export function RemainingShots({ capsule, t }: { capsule: CapsuleRow; t: TFunction }) {
  const percent = capsuleLevelPercent(capsule.remainingShots, capsule.sizeShots);
  return (
    <span className="capsule-level">
      <span className="capsule-level-bar" aria-hidden>
        <span
          className={percent < LOW_PERCENT ? 'capsule-level-fill is-low' : 'capsule-level-fill'}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="capsule-level-text">
        {t('level', {
          remaining: capsule.remainingShots.toLocaleString(),
          size: capsule.sizeShots.toLocaleString(),
          percent,
        })}
      </span>
    </span>
  );
}

/** The device's MAC, linking to its page, and the slot; a capsule taken out says so. */
export function CapsuleDevice({ capsule, t }: { capsule: CapsuleRow; t: TFunction }) {
  if (!capsule.device) return <span className="capsule-muted">{t('takenOut')}</span>;
  return (
    <span className="capsule-device">
      <Link className="capsule-mac" to={PATHS.admin.devices.update(capsule.device.deviceId)}>
        {formatMacAddress(capsule.device.macAddress)}
      </Link>
      {capsule.slot !== null && <span className="capsule-muted">{t('slot', { slot: capsule.slot })}</span>}
    </span>
  );
}

/**
 * The due date; one past or within CAPSULE_DUE_SOON_DAYS of `today` carries an icon and a word
 * ("Overdue", "Due soon"), not a colour alone.
 */
export function DueDate({ dueDate, today, t }: { dueDate: string | null; today: string; t: TFunction }) {
  if (!dueDate) return <span className="capsule-muted">{t('noDueDate')}</span>;
  if (!isCapsuleDueSoon(dueDate, today)) return <span>{formatDate(dueDate)}</span>;
  const isPast = dueDate < today;
  return (
    <span className={isPast ? 'capsule-due is-past' : 'capsule-due'}>
      <WarningOutlined aria-hidden /> {formatDate(dueDate)}{' '}
      <span className="capsule-due-word">{isPast ? t('due.past') : t('due.soon')}</span>
    </span>
  );
}
