import type { InitiativeDetail } from '@scentia/shared/initiatives.schemas';
import { ANONYMISED_VALUE } from '@scentia/shared/privacy.schemas';
import { Button, Descriptions, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { InitiativeStatusTag } from '../../../components/initiative-status/initiative-status.tsx';
import { RecordCard } from '../../../components/record-card.tsx';
import { formatTimestamp } from '../../../lib/date-format.ts';
import { initiativeViewerActions } from '../initiative-actions.ts';
import { useInitiativeAccess } from '../use-initiative-access.ts';
import { useInitiativeReview } from './use-initiative-review.tsx';

type CardsProps = { row: InitiativeDetail; reload: () => Promise<unknown> };

/**
 * What an initiative's page shows below its form: the review (status, proposer, the admin's actions
 * the status allows), the status history and the mails sent about it. A review reads the record again.
 */
export function InitiativeReviewCards({ row, reload }: CardsProps) {
  return (
    <>
      <ReviewCard row={row} reload={reload} />
      <HistoryCard row={row} />
      <MailsCard row={row} />
    </>
  );
}

function ReviewCard({ row, reload }: CardsProps) {
  const { t } = useTranslation('initiatives');
  const isAdmin = useInitiativeAccess().mayReview;
  const review = useInitiativeReview(reload);
  const actions = initiativeViewerActions(row.status, isAdmin).flatMap((action) =>
    action === 'edit' ? [] : [review.reviewAction(action, row)],
  );
  return (
    <RecordCard title={t('review.title')}>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'status',
            label: t('columns.status'),
            children: <InitiativeStatusTag status={row.status} />,
          },
          {
            key: 'proposer',
            label: t('review.proposer'),
            children: row.proposer?.name ?? t('review.unknown'),
          },
        ]}
      />
      {actions.length > 0 && (
        <div className="initiative-review-actions">
          {actions.map((action) => (
            <Button
              key={action.key}
              icon={action.icon}
              danger={action.isDanger}
              type={action.key === 'approve' ? 'primary' : 'default'}
              onClick={(event) => action.open(event.currentTarget)}
            >
              {action.label}
            </Button>
          ))}
        </div>
      )}
      {review.dialog}
    </RecordCard>
  );
}

function HistoryCard({ row }: { row: InitiativeDetail }) {
  const { t } = useTranslation('initiatives');
  // Newest first, as a reviewer reads it.
  const changes = [...row.history].reverse();
  return (
    <RecordCard title={t('history.title')}>
      <List
        dataSource={changes}
        locale={{ emptyText: <Empty description={t('history.empty')} /> }}
        renderItem={(change) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span className="initiative-history-change">
                  {change.from ? (
                    <>
                      <InitiativeStatusTag status={change.from} /> <span aria-hidden="true">→</span>{' '}
                      <span className="visually-hidden">{t('history.to')}</span>
                    </>
                  ) : (
                    <span>{t('history.created')} </span>
                  )}
                  <InitiativeStatusTag status={change.to} />
                </span>
              }
              description={
                <>
                  <div>
                    {t('history.by', {
                      name: change.changedBy?.name ?? t('review.unknown'),
                      date: formatTimestamp(change.changedAt),
                    })}
                  </div>
                  {change.note && <div className="initiative-history-note">{change.note}</div>}
                </>
              }
            />
          </List.Item>
        )}
      />
    </RecordCard>
  );
}

function MailsCard({ row }: { row: InitiativeDetail }) {
  const { t } = useTranslation('initiatives');
  const mails = [...row.mails].reverse();
  return (
    <RecordCard title={t('mails.title')}>
      <List
        dataSource={mails}
        locale={{ emptyText: <Empty description={t('mails.empty')} /> }}
        renderItem={(mail) => (
          <List.Item className="initiative-mail">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'subject', label: t('mail.subject'), children: mail.subject },
                {
                  key: 'recipient',
                  label: t('mails.recipient'),
                  // The organisation's contact was erased (LGPD): the address is gone, the mail stays.
                  children: mail.recipient === ANONYMISED_VALUE ? t('mails.recipientErased') : mail.recipient,
                },
                {
                  key: 'sent',
                  label: t('mails.sent'),
                  children: t('history.by', {
                    name: mail.sentBy?.name ?? t('review.unknown'),
                    date: formatTimestamp(mail.createdAt),
                  }),
                },
              ]}
            />
            {/* The body was sanitised by the server; a sandboxed frame keeps it from running anything even so. */}
            <iframe
              className="initiative-mail-body"
              title={t('mails.bodyTitle', { subject: mail.subject })}
              sandbox=""
              srcDoc={mail.html}
            />
          </List.Item>
        )}
      />
    </RecordCard>
  );
}
