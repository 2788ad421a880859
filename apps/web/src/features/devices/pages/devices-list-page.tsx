import { DisconnectOutlined, KeyOutlined } from '@ant-design/icons';
import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { deviceActionRefusal, deviceRowActions } from '@scentia/shared/devices.rules';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shotsInPeriodColumn } from '../../../components/list-period/shots-in-period-column.tsx';
import { formatCreatedAt } from '../../../components/resource-list/column-builders.tsx';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import type { RowAction } from '../../../components/resource-list/row-actions.tsx';
import { useMayPass } from '../../../lib/access.ts';
import { useRemoveDeviceUser } from '../api/device-commands.ts';
import { deviceMutations } from '../api/device-mutations.ts';
import { DEVICE_SORTS, type DeviceRow, devicesList } from '../api/list-devices.ts';
import { ConnectionTag } from '../components/connection-tag.tsx';
import { useDeviceFilters } from '../components/device-filters.tsx';
import { DeviceMoveFields } from '../components/device-move-fields.tsx';
import { ResetCodeDialog } from '../components/reset-code-dialog.tsx';
import { deviceState } from '../device-state.ts';
import '../components/devices.css';

type OpenCode = { deviceId: number; macAddress: string; opener: HTMLElement };

/**
 * /admin/devices (spec §2 Devices list): the diffusers with their campaign, linked user, owner,
 * location and connection; filtered by organisation, location and connection (held in the address);
 * the reset code and the user disconnect as row actions beside the kit's.
 */
export default function DevicesListPage() {
  const { t } = useTranslation('devices');
  const { t: tCommon } = useTranslation();
  const filters = useDeviceFilters();
  const removeUser = useRemoveDeviceUser();
  const mayPass = useMayPass();
  const [openCode, setOpenCode] = useState<OpenCode>();

  function moreRowActions(row: DeviceRow): RowAction[] {
    const state = deviceState(row);
    const mac = formatMacAddress(row.macAddress);
    const actions: RowAction[] = [];
    if (!deviceActionRefusal(state, 'resetCode') && mayPass(FLEET_DOORS.devices.resetCode)) {
      actions.push({
        key: 'resetCode',
        label: t('actions.resetCode'),
        icon: <KeyOutlined />,
        open: (opener) => setOpenCode({ deviceId: row.deviceId, macAddress: mac, opener }),
      });
    }
    if (row.user && !deviceActionRefusal(state, 'removeUser') && mayPass(FLEET_DOORS.devices.removeUser)) {
      actions.push({
        key: 'removeUser',
        label: t('actions.removeUser'),
        icon: <DisconnectOutlined />,
        isDanger: true,
        confirm: {
          title: t('removeUser.confirm', { user: row.user.nome, mac }),
          content: t('removeUser.confirmText'),
          okText: t('actions.removeUser'),
        },
        run: () => removeUser.mutateAsync(row.deviceId),
        successMessage: t('removeUser.done', { user: row.user.nome }),
        errorMessage: t('removeUser.error'),
        hasSuccessDialog: true,
      });
    }
    return actions;
  }

  return (
    <>
      <RecordList<DeviceRow>
        t={t}
        doors={FLEET_DOORS.devices}
        resource="devices"
        list={devicesList}
        mutations={deviceMutations}
        importable
        filters={filters}
        createdAtSort={DEVICE_SORTS.createdAt}
        record={(row) => ({ id: row.deviceId, name: formatMacAddress(row.macAddress) })}
        rowActions={(row) =>
          deviceRowActions(deviceState(row)).filter(
            (action): action is 'edit' | 'toggle' | 'delete' =>
              action === 'edit' || action === 'toggle' || action === 'delete',
          )
        }
        moreRowActions={moreRowActions}
        bulk={{ actions: ['activate', 'deactivate', 'delete', 'move'], moveFields: <DeviceMoveFields /> }}
        columns={[
          {
            title: t('fields.macAddress'),
            dataIndex: 'macAddress',
            sortKey: DEVICE_SORTS.macAddress,
            card: 'name',
            render: (mac: string) => <span className="device-mac">{formatMacAddress(mac)}</span>,
          },
          {
            title: t('fields.campaign'),
            dataIndex: ['campaign', 'name'],
            sortKey: DEVICE_SORTS.campaign,
            priority: 'low',
          },
          {
            title: t('columns.user'),
            key: 'user',
            sortKey: DEVICE_SORTS.user,
            render: (_value, row) => row.user?.nome ?? '',
          },
          {
            title: t('columns.updatedAt'),
            dataIndex: 'updatedAt',
            sortKey: DEVICE_SORTS.updatedAt,
            priority: 'low',
            render: formatCreatedAt,
          },
          {
            title: t('columns.owner'),
            dataIndex: ['owner', 'nome'],
            sortKey: DEVICE_SORTS.owner,
          },
          { title: t('fields.location'), dataIndex: ['location', 'name'], sortKey: DEVICE_SORTS.location },
          {
            title: t('columns.connection'),
            key: 'connection',
            sortKey: DEVICE_SORTS.lastSeenAt,
            card: 'state',
            render: (_value, row) => (
              <ConnectionTag connection={row.connection} lastSeenAt={row.lastSeenAt} />
            ),
          },
          // Opened with a period (a dashboard slice): each device's shots in it, of the campaign filtered on.
          ...(filters.period ? [shotsInPeriodColumn<DeviceRow>(tCommon('list.shotsInPeriod'))] : []),
        ]}
      />
      {openCode && (
        <ResetCodeDialog
          deviceId={openCode.deviceId}
          macAddress={openCode.macAddress}
          onClose={() => {
            setOpenCode(undefined);
            openCode.opener.focus();
          }}
        />
      )}
    </>
  );
}
