import type { InitiativeStatus } from '@scentia/shared/initiatives.rules';
import { useTranslation } from 'react-i18next';
import './initiative-status.css';

/**
 * The spec's status colours (§2: Aprovada, Em Análise, Necessita Alteração, Reprovada, Inativo), one
 * per status for the tag, the calendar and the status pie. Each is at least 4.5:1 against white, so
 * it carries white text and stands out as a shape; a status is always written too, never told by
 * colour alone.
 */
export const INITIATIVE_STATUS_COLORS: Record<InitiativeStatus, string> = {
  approved: '#2e7d32',
  inReview: '#1565c0',
  changesRequested: '#9a5700',
  rejected: '#c62828',
  inactive: '#616161',
};

/** The status's name in the reader's language. */
export function useInitiativeStatusName() {
  const { t } = useTranslation('initiative-status');
  return (status: InitiativeStatus) => t(status);
}

/** An initiative's status as a coloured label with its name. */
export function InitiativeStatusTag({ status }: { status: InitiativeStatus }) {
  const statusName = useInitiativeStatusName();
  return (
    <span className="initiative-status" style={{ backgroundColor: INITIATIVE_STATUS_COLORS[status] }}>
      {statusName(status)}
    </span>
  );
}
