import { DisconnectOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { deviceActionRefusal } from '@scentia/shared/devices.rules';
import { type DeviceRecord, formatMacAddress } from '@scentia/shared/devices.schemas';
import { Button, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordCard } from '../../../components/record-card.tsx';
import {
  type RowCommandAction,
  useConfirmedCommand,
} from '../../../components/resource-list/row-actions.tsx';
import { useMayPass } from '../../../lib/access.ts';
import { formatTimestamp } from '../../../lib/date-format.ts';
import { useRemoveDeviceUser, useReprovisionDevice } from '../api/device-commands.ts';
import { deviceState } from '../device-state.ts';
import { ConnectionTag } from './connection-tag.tsx';
import { ResetCodeDialog } from './reset-code-dialog.tsx';

type CardProps = { device: DeviceRecord; reload: () => Promise<unknown> };

/**
 * What the device says about itself (connection, last seen, firmware, provisioning, linked user) and
 * the commands on it: its reset code, a new provisioning (which revokes its credential) and the
 * disconnect of its user, each confirmed like a list row's.
 */
export function DeviceStatusCard({ device, reload }: CardProps) {
  const { t } = useTranslation('devices');
  const confirm = useConfirmedCommand();
  const reprovision = useReprovisionDevice();
  const removeUser = useRemoveDeviceUser();
  const [opener, setOpener] = useState<HTMLElement>();
  const state = deviceState(device);
  const mac = formatMacAddress(device.macAddress);
  const mayPass = useMayPass();
  const canReprovision =
    device.isProvisioned &&
    !deviceActionRefusal(state, 'reprovision') &&
    mayPass(FLEET_DOORS.devices.reprovision);

  const reprovisionCommand: RowCommandAction = {
    key: 'reprovision',
    label: t('actions.reprovision'),
    icon: <ReloadOutlined />,
    isDanger: true,
    confirm: {
      title: t('reprovision.confirm', { mac }),
      content: t('reprovision.confirmText'),
      okText: t('actions.reprovision'),
    },
    run: async () => {
      await reprovision.mutateAsync(device.deviceId);
      await reload();
    },
    successMessage: t('reprovision.done'),
    errorMessage: t('reprovision.error'),
  };
  const removeUserCommand = (user: string): RowCommandAction => ({
    key: 'removeUser',
    label: t('actions.removeUser'),
    icon: <DisconnectOutlined />,
    isDanger: true,
    confirm: {
      title: t('removeUser.confirm', { user, mac }),
      content: t('removeUser.confirmText'),
      okText: t('actions.removeUser'),
    },
    run: async () => {
      await removeUser.mutateAsync(device.deviceId);
      await reload();
    },
    successMessage: t('removeUser.done', { user }),
    errorMessage: t('removeUser.error'),
    hasSuccessDialog: true,
  });

  return (
    <RecordCard title={t('facts.title')}>
      <Descriptions
        className="device-facts"
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'connection',
            label: t('columns.connection'),
            children: <ConnectionTag connection={device.connection} lastSeenAt={device.lastSeenAt} />,
          },
          {
            key: 'lastSeen',
            label: t('facts.lastSeen'),
            children: device.lastSeenAt ? formatTimestamp(device.lastSeenAt) : t('connection.neverSeen'),
          },
          {
            key: 'firmware',
            label: t('facts.firmware'),
            children: device.firmwareVersion ?? t('facts.unknown'),
          },
          {
            key: 'provisioned',
            label: t('facts.provisioning'),
            children: device.isProvisioned ? t('facts.provisioned') : t('facts.notProvisioned'),
          },
          { key: 'owner', label: t('columns.owner'), children: device.owner.nome },
          { key: 'user', label: t('columns.user'), children: device.user?.nome ?? t('facts.noUser') },
        ]}
      />
      <Space wrap>
        {!deviceActionRefusal(state, 'resetCode') && mayPass(FLEET_DOORS.devices.resetCode) && (
          <Button icon={<KeyOutlined />} onClick={(event) => setOpener(event.currentTarget)}>
            {t('actions.resetCode')}
          </Button>
        )}
        {canReprovision && (
          <Button danger icon={reprovisionCommand.icon} onClick={() => confirm(reprovisionCommand)}>
            {reprovisionCommand.label}
          </Button>
        )}
        {device.user && mayPass(FLEET_DOORS.devices.removeUser) && (
          <Button
            danger
            icon={<DisconnectOutlined />}
            onClick={() => confirm(removeUserCommand(device.user?.nome ?? ''))}
          >
            {t('actions.removeUser')}
          </Button>
        )}
      </Space>
      {opener && (
        <ResetCodeDialog
          deviceId={device.deviceId}
          macAddress={mac}
          onClose={() => {
            setOpener(undefined);
            opener.focus();
          }}
        />
      )}
    </RecordCard>
  );
}
