import { type AuditRecordType, RECORD_HISTORY_LIMIT } from '@scentia/shared/audit.schemas';
import type { AuditHistoryEvent } from '@scentia/shared/audit-fields';
import { Alert, Button, Card, Skeleton, Tag } from 'antd';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { formatTimestamp } from '../../lib/date-format.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useRecordHistory } from './audit-api.ts';
import { actionLabel, actorLabel } from './audit-event-text.ts';
import { type ChangedField, changedFields } from './changed-fields.ts';
import './record-history.css';

type RecordHistoryProps = { recordType: AuditRecordType; recordId: number | string };

/**
 * How many events the card shows at first, and how many more each "show more" adds; and how many of
 * one event's changed fields show before the rest fold away. A long history (a quiz's, hundreds of
 * answers) then keeps the page's height bounded.
 */
const EVENTS_SHOWN = 5;
const FIELDS_SHOWN = 10;

/**
 * The "History" card of an edit page: who changed the record, when, and which fields, newest first.
 * It loads after the form (its texts and its call), and is left out for a reader the API refuses
 * (a person's history is ADMIN only).
 */
export function RecordHistory(props: RecordHistoryProps) {
  return (
    <Suspense fallback={null}>
      <RecordHistoryCard {...props} />
    </Suspense>
  );
}

function RecordHistoryCard({ recordType, recordId }: RecordHistoryProps) {
  const { t } = useTranslation('audit');
  const headingId = useId();
  const history = useRecordHistory(recordType, String(recordId));
  const [shownCount, setShownCount] = useState(EVENTS_SHOWN);
  if (history.isError && isApiError(history.error) && history.error.status === 403) return null;

  return (
    <section className="record-history" aria-labelledby={headingId}>
      <Card
        title={
          <h2 id={headingId} className="record-history-title">
            {t('history.title')}
          </h2>
        }
      >
        {history.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : history.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(history.error, t, t('history.loadError'))}
            action={<Button onClick={() => void history.refetch()}>{t('common:actions.retry')}</Button>}
          />
        ) : history.data.length === 0 ? (
          <p className="record-history-empty">{t('history.empty')}</p>
        ) : (
          <>
            <ol className="record-history-list">
              {history.data.slice(0, shownCount).map((event) => (
                <HistoryEntry key={event.auditId} event={event} />
              ))}
            </ol>
            {history.data.length > shownCount && (
              <Button type="link" onClick={() => setShownCount(shownCount + EVENTS_SHOWN)}>
                {t('history.showMore', { count: Math.min(EVENTS_SHOWN, history.data.length - shownCount) })}
              </Button>
            )}
            {shownCount >= RECORD_HISTORY_LIMIT && history.data.length >= RECORD_HISTORY_LIMIT && (
              <p className="record-history-empty">{t('history.limit', { count: RECORD_HISTORY_LIMIT })}</p>
            )}
          </>
        )}
      </Card>
    </section>
  );
}

function HistoryEntry({ event }: { event: AuditHistoryEvent }) {
  const { t } = useTranslation('audit');
  const fields = changedFields(event, t);
  const [isExpanded, setExpanded] = useState(false);
  const shownFields = isExpanded ? fields : fields.slice(0, FIELDS_SHOWN);
  return (
    <li className="record-history-entry">
      <p className="record-history-when">
        <Tag className="record-history-action">{actionLabel(event, t)}</Tag>
        {t('history.changedBy', { name: actorLabel(event, t), date: formatTimestamp(event.occurredAt) })}
      </p>
      {fields.length === 0 ? (
        <p className="record-history-empty">{t('history.noFields')}</p>
      ) : (
        <ul className="record-history-fields">
          {shownFields.map((field) => (
            <li key={field.key}>
              <span className="record-history-field">{field.label}:</span> {changeText(field, t)}
            </li>
          ))}
        </ul>
      )}
      {fields.length > shownFields.length && (
        <Button type="link" className="record-history-more" onClick={() => setExpanded(true)}>
          {t('history.showAllFields', { count: fields.length })}
        </Button>
      )}
    </li>
  );
}

function changeText(field: ChangedField, t: ReturnType<typeof useTranslation<'audit'>>['t']): string {
  const empty = t('values.empty');
  if (field.before === null) return field.after ?? empty;
  return t('history.changeTo', { before: field.before, after: field.after ?? empty });
}
