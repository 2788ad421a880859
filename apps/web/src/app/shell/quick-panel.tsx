import { isAdminProfile } from '@scentia/shared/validators';
import { Drawer, Switch, Tabs, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/use-session.ts';
import { QuickPanelAudit } from './quick-panel-audit.tsx';
import './quick-panel-audit.css';

type QuickPanelProps = { isOpen: boolean; onClose: () => void; isNarrow: boolean };
type DemoNotification = { title: string; text: string; time: string };
type SettingKey = 'emailAlerts' | 'lowCapsule' | 'compactTables';

/**
 * The quick panel of spec §2: notification, audit and settings tabs. The audit tab is the real trail
 * and only ADMIN reads it (`GET /api/audit`), so it is left out for other profiles rather than shown
 * empty; the notifications and settings are still demonstration content, marked as such, and the
 * settings only live in this component's state.
 */
export function QuickPanel({ isOpen, onClose, isNarrow }: QuickPanelProps) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const isAdmin = isAdminProfile(user?.profile.nome);
  const [activeTab, setActiveTab] = useState('notifications');
  const notifications = t('quickPanel.notifications', { returnObjects: true }) as DemoNotification[];

  const tabs = [
    {
      key: 'notifications',
      label: t('quickPanel.tabs.notifications'),
      children: (
        <>
          <DemoTag />
          <ul className="quick-panel-list">
            {notifications.map((item) => (
              <li key={item.title}>
                <strong>{item.title}</strong>
                <span>{item.text}</span>
                <small>{item.time}</small>
              </li>
            ))}
          </ul>
        </>
      ),
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
      children: (
        <>
          <DemoTag />
          <DemoSettings />
        </>
      ),
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

function DemoTag() {
  const { t } = useTranslation('shell');
  return (
    <p className="quick-panel-demo-note">
      <Tag className="quick-panel-demo">{t('quickPanel.demo')}</Tag>
    </p>
  );
}

function DemoSettings() {
  const { t } = useTranslation('shell');
  const idPrefix = useId();
  const [values, setValues] = useState<Record<SettingKey, boolean>>({
    emailAlerts: true,
    lowCapsule: true,
    compactTables: false,
  });
  return (
    <ul className="quick-panel-list">
      {(Object.keys(values) as SettingKey[]).map((key) => (
        <li key={key} className="quick-panel-setting">
          <span>
            <label htmlFor={`${idPrefix}-${key}`}>
              <strong>{t(`quickPanel.settings.${key}`)}</strong>
            </label>
            <span>{t(`quickPanel.settings.${key}Hint`)}</span>
          </span>
          <Switch
            id={`${idPrefix}-${key}`}
            checked={values[key]}
            onChange={(checked) => setValues((current) => ({ ...current, [key]: checked }))}
          />
        </li>
      ))}
    </ul>
  );
}
