import { DisconnectOutlined, MinusCircleOutlined, WifiOutlined } from '@ant-design/icons';
import type { DeviceConnection } from '@scentia/shared/devices.schemas';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../lib/date-format.ts';

const ICONS = {
  online: <WifiOutlined aria-hidden="true" />,
  offline: <DisconnectOutlined aria-hidden="true" />,
  never: <MinusCircleOutlined aria-hidden="true" />,
};

/** The tag's class per connection: the kit's positive and warning tags, and its plain one. */
const CLASSES = { online: 'status-tag is-positive', offline: 'status-tag is-warning', never: 'status-tag' };

/**
 * Online, offline or never connected, told by its word and its icon (not by colour alone), with the
 * last time the device was seen in the tooltip (and said to screen readers; the device page shows it).
 */
export function ConnectionTag({
  connection,
  lastSeenAt,
}: {
  connection: DeviceConnection;
  lastSeenAt: string | null;
}) {
  const { t } = useTranslation('devices');
  const seen = lastSeenAt
    ? t('connection.lastSeen', { date: formatTimestamp(lastSeenAt) })
    : t('connection.neverSeen');
  return (
    <Tooltip title={seen}>
      <Tag className={CLASSES[connection]} icon={ICONS[connection]} title={seen}>
        {t(`connection.${connection}`)}
        <span className="visually-hidden">, {seen}</span>
      </Tag>
    </Tooltip>
  );
}
