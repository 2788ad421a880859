import { CheckOutlined, ExclamationCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { Alert as AlertRecord } from '@scentia/shared/alerts.schemas';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { Alert, App, Button, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTimestamp } from '../../../lib/date-format.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { alertText } from '../alert-text.ts';
import { useNotifications } from '../api/list-notifications.ts';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import './notifications.css';

type NotificationListProps = {
  /** Following a device's link closes the panel. */
  onNavigate: () => void;
};

/**
 * The quick panel's notification tab: the open alerts (most urgent, then newest first), each saying
 * what happened and what to do, its severity in words beside an icon; unread ones marked, read one by
 * one (following the device's link reads it too) or all at once.
 */
export function NotificationList({ onNavigate }: NotificationListProps) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  // The browser's own day: "runs out today" is the reader's calendar.
  const today = dayjs().format('YYYY-MM-DD');

  if (notifications.isPending) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  if (notifications.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(notifications.error, t, t('notifications.loadError'))}
        action={<Button onClick={() => void notifications.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  }
  const { items, unreadCount, total } = notifications.data;
  if (items.length === 0) return <p className="notifications-empty">{t('notifications.empty')}</p>;

  function markRead(alertId: number) {
    markOne.mutate(alertId, {
      onError: (error) => void message.error(errorMessage(error, t, t('notifications.markError'))),
    });
  }

  return (
    <>
      <div className="notifications-toolbar">
        <span role="status">
          {unreadCount > 0
            ? t('notifications.unreadCount', { count: unreadCount })
            : t('notifications.allRead')}
        </span>
        <Button
          size="small"
          icon={<CheckOutlined aria-hidden />}
          disabled={unreadCount === 0}
          loading={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (error) => void message.error(errorMessage(error, t, t('notifications.markError'))),
            })
          }
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ul className="quick-panel-list notifications-list" aria-label={t('notifications.listLabel')}>
        {items.map((alert) => (
          <NotificationItem
            key={alert.alertId}
            alert={alert}
            today={today}
            onRead={() => markRead(alert.alertId)}
            onFollow={() => {
              if (!alert.isRead) markRead(alert.alertId);
              onNavigate();
            }}
          />
        ))}
      </ul>
      {total > items.length && (
        <p className="notifications-more">{t('notifications.more', { shown: items.length, total })}</p>
      )}
    </>
  );
}

type NotificationItemProps = {
  alert: AlertRecord;
  today: string;
  onRead: () => void;
  onFollow: () => void;
};

function NotificationItem({ alert, today, onRead, onFollow }: NotificationItemProps) {
  const { t } = useTranslation('shell');
  const textId = useId();
  const text = alertText(alert, t, today);
  const isCritical = alert.severity === 'critical';
  const classes = [
    'notification',
    isCritical ? 'is-critical' : 'is-warning',
    alert.isRead ? '' : 'is-unread',
  ];
  return (
    <li className={classes.join(' ').trim()}>
      <span className="notification-head">
        <span className="notification-severity">
          {isCritical ? <ExclamationCircleOutlined aria-hidden /> : <WarningOutlined aria-hidden />}{' '}
          {text.severity}
        </span>
        {!alert.isRead && <Tag className="notification-unread">{t('notifications.unread')}</Tag>}
      </span>
      <strong className="notification-title">{text.title}</strong>
      <span id={textId} className="notification-text">
        {text.what} {text.action}
      </span>
      <small>
        <time dateTime={alert.raisedAt}>
          {t('notifications.raisedAt', { time: formatTimestamp(alert.raisedAt) })}
        </time>
      </small>
      <span className="notification-actions">
        <Link
          to={PATHS.admin.devices.update(alert.device.deviceId)}
          aria-describedby={textId}
          onClick={onFollow}
        >
          {t('notifications.openDevice', { device: formatMacAddress(alert.device.macAddress) })}
        </Link>
        {!alert.isRead && (
          <Button size="small" type="link" aria-describedby={textId} onClick={onRead}>
            {t('notifications.markRead')}
          </Button>
        )}
      </span>
    </li>
  );
}
