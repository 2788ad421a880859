import { Alert, Button, Skeleton, Tag } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestAuditEvents } from '../../components/record-history/audit-api.ts';
import {
  actionLabel,
  actorLabel,
  recordLabel,
  recordPath,
} from '../../components/record-history/audit-event-text.ts';
import { formatTimeAgo } from '../../components/record-history/audit-time.ts';
import { formatTimestamp } from '../../lib/date-format.ts';
import { errorMessage } from '../../lib/error-message.ts';

const LATEST_COUNT = 10;

type QuickPanelAuditProps = {
  /** True while the panel is open on this tab: the trail is asked for then, and asked again on return. */
  isActive: boolean;
  /** Following a record's link closes the panel. */
  onNavigate: () => void;
};

/** The quick panel's audit tab (ADMIN only): the trail's latest events, each linking to its record. */
export function QuickPanelAudit(props: QuickPanelAuditProps) {
  return (
    <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 4 }} />}>
      <LatestEvents {...props} />
    </Suspense>
  );
}

function LatestEvents({ isActive, onNavigate }: QuickPanelAuditProps) {
  const { t } = useTranslation('audit');
  const events = useLatestAuditEvents(LATEST_COUNT, isActive);

  if (events.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (events.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(events.error, t, t('latest.loadError'))}
        action={<Button onClick={() => void events.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  }
  if (events.data.length === 0) return <p className="quick-panel-audit-empty">{t('latest.empty')}</p>;
  return (
    <ul className="quick-panel-list" aria-label={t('latest.label')}>
      {events.data.map((event) => {
        const path = recordPath(event);
        const label = recordLabel(event, t);
        return (
          <li key={event.auditId} className="quick-panel-audit-event">
            <span className="quick-panel-audit-head">
              <strong>{actorLabel(event, t)}</strong>
              <Tag>{actionLabel(event, t)}</Tag>
            </span>
            {path ? (
              <Link to={path} onClick={onNavigate}>
                {label}
              </Link>
            ) : (
              <span>{label}</span>
            )}
            <small>
              <time dateTime={event.occurredAt} title={formatTimestamp(event.occurredAt)}>
                {formatTimeAgo(event.occurredAt)}
              </time>
            </small>
          </li>
        );
      })}
    </ul>
  );
}
