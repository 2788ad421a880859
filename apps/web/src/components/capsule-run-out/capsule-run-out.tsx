import { WarningOutlined } from '@ant-design/icons';
import { isCapsuleDueSoon } from '@scentia/shared/capsules.schemas';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date-format.ts';
import './capsule-run-out.css';

/** How a capsule's forecast reads: empty, none (no recent shots), soon (within the week or past), or later. */
export type RunOutState = 'empty' | 'none' | 'soon' | 'later';

/**
 * Which of the states a capsule is in: an empty capsule says so whatever its forecast; a forecast day
 * within CAPSULE_DUE_SOON_DAYS of `today` (or before it) is soon, the same week as a due date.
 */
export function runOutState(
  capsule: { runsOutOn: string | null; remainingShots: number },
  today: string,
): RunOutState {
  if (capsule.remainingShots <= 0) return 'empty';
  if (capsule.runsOutOn === null) return 'none';
  return isCapsuleDueSoon(capsule.runsOutOn, today) ? 'soon' : 'later';
}

type CapsuleRunOutProps = {
  /** The forecast day (`YYYY-MM-DD`) from the capsule's counted shots, null without recent shots. */
  runsOutOn: string | null;
  remainingShots: number;
  /** The browser's day, `YYYY-MM-DD`. */
  today: string;
};

/**
 * The day a capsule is forecast to run out (issue 26, capsule forecasts), in the capsules list and on
 * the device page: an empty capsule, or one running out within the week, carries an icon and a word
 * besides its colour; a capsule without recent shots has no forecast, and says so.
 */
export function CapsuleRunOut({ runsOutOn, remainingShots, today }: CapsuleRunOutProps) {
  const { t } = useTranslation('capsule-run-out');
  const state = runOutState({ runsOutOn, remainingShots }, today);
  if (state === 'none') return <span className="capsule-run-out is-none">{t('none')}</span>;
  if (state === 'later') return <span className="capsule-run-out">{formatDate(runsOutOn ?? '')}</span>;
  return (
    <span className="capsule-run-out is-soon">
      <WarningOutlined aria-hidden /> {state === 'soon' && runsOutOn && `${formatDate(runsOutOn)} `}
      <span className="capsule-run-out-word">{state === 'empty' ? t('empty') : t('soon')}</span>
    </span>
  );
}
