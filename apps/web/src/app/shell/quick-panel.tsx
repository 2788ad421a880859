import { isAdminProfile } from '@scentia/shared/validators';
import { Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationList } from '../../features/notifications/components/notification-list.tsx';
import { NotificationSettings } from '../../features/notifications/components/notification-settings.tsx';
import { useSession } from '../../lib/use-session.ts';
import { QuickPanelAudit } from './quick-panel-audit.tsx';
import './quick-panel-audit.css';

type QuickPanelProps = { isOpen: boolean; onClose: () => void; isNarrow: boolean };

/**
 * The quick panel of spec §2: notification, audit and settings tabs. The notifications are the open
 * alerts of the fleet (capsules running out or past due, devices offline) with this person's read
 * marks; the settings are this person's daily digest choice. The audit tab is the real trail and only
 * ADMIN reads it (`GET /api/audit`), so it is left out for other profiles rather than shown empty.
 */
export function QuickPanel({ isOpen, onClose, isNarrow }: QuickPanelProps) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const isAdmin = isAdminProfile(user?.profile.nome);
  const [activeTab, setActiveTab] = useState('notifications');

  const tabs = [
    {
      key: 'notifications',
      label: t('quickPanel.tabs.notifications'),
      children: <NotificationList onNavigate={onClose} />,
    },
    ...(isAdmin
      ? [
          {
            key: 'audit',
            label: t('quickPanel.tabs.audit'),
            children: <QuickPanelAudit isActive={isOpen && activeTab === 'audit'} onNavigate={onClose} />,
          },
        ]
      : []),
    {
      key: 'settings',
      label: t('quickPanel.tabs.settings'),
      children: <NotificationSettings isActive={isOpen && activeTab === 'settings'} />,
    },
  ];

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      placement="right"
      size={isNarrow ? '100%' : 420}
      title={<span className="quick-panel-title">{t('quickPanel.title')}</span>}
    >
      <Tabs activeKey={activeTab} onChange={setActiveTab} items={tabs} />
    </Drawer>
  );
}
