import { Alert, App, Button, Skeleton, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import './notifications.css';

/**
 * The quick panel's settings tab: each person's own choice of a daily digest mail of the open alerts
 * (`GET`/`PUT /api/notification-settings`), saved as it is switched, with a message either way.
 */
export function NotificationSettings({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const idPrefix = useId();
  const settings = useNotificationSettings(isActive);
  const update = useUpdateNotificationSettings();

  if (settings.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (settings.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(settings.error, t, t('quickPanel.settings.loadError'))}
        action={<Button onClick={() => void settings.refetch()}>{t('common:actions.retry')}</Button>}
      />
    );
  }
  const switchId = `${idPrefix}-digest`;
  const hintId = `${idPrefix}-digest-hint`;
  return (
    <ul className="quick-panel-list">
      <li className="quick-panel-setting">
        <span>
          <label htmlFor={switchId}>
            <strong>{t('quickPanel.settings.dailyDigest')}</strong>
          </label>
          <span id={hintId}>{t('quickPanel.settings.dailyDigestHint')}</span>
        </span>
        <Switch
          id={switchId}
          aria-describedby={hintId}
          checked={update.isPending ? update.variables.dailyDigest : settings.data.dailyDigest}
          loading={update.isPending}
          onChange={(checked) =>
            update.mutate(
              { ...settings.data, dailyDigest: checked },
              {
                onSuccess: () => void message.success(t('quickPanel.settings.saved')),
                onError: (error) =>
                  void message.error(errorMessage(error, t, t('quickPanel.settings.saveError'))),
              },
            )
          }
        />
      </li>
    </ul>
  );
}
