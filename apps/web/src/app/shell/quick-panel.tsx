import { Drawer, Switch, Tabs, Tag, Timeline } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type QuickPanelProps = { isOpen: boolean; onClose: () => void; isNarrow: boolean };
type DemoNotification = { title: string; text: string; time: string };
type SettingKey = 'emailAlerts' | 'lowCapsule' | 'compactTables';

/**
 * The quick panel of spec §2: notification, audit and settings tabs with demonstration content.
 * It calls nothing; the settings only live in this component's state.
 */
export function QuickPanel({ isOpen, onClose, isNarrow }: QuickPanelProps) {
  const { t } = useTranslation('shell');
  const notifications = t('quickPanel.notifications', { returnObjects: true }) as DemoNotification[];
  const audit = t('quickPanel.audit', { returnObjects: true }) as string[];

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      placement="right"
      size={isNarrow ? '100%' : 420}
      title={
        <span className="quick-panel-title">
          {t('quickPanel.title')} <Tag className="quick-panel-demo">{t('quickPanel.demo')}</Tag>
        </span>
      }
    >
      <Tabs
        items={[
          {
            key: 'notifications',
            label: t('quickPanel.tabs.notifications'),
            children: (
              <ul className="quick-panel-list">
                {notifications.map((item) => (
                  <li key={item.title}>
                    <strong>{item.title}</strong>
                    <span>{item.text}</span>
                    <small>{item.time}</small>
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: 'audit',
            label: t('quickPanel.tabs.audit'),
            children: <Timeline items={audit.map((entry) => ({ content: entry }))} />,
          },
          {
            key: 'settings',
            label: t('quickPanel.tabs.settings'),
            children: <DemoSettings />,
          },
        ]}
      />
    </Drawer>
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
