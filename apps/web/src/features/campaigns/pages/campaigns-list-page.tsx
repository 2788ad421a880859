import { QrcodeOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { campaignActionRefusal } from '@scentia/shared/campaigns.rules';
import { Button, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCreatedAt, thumbnailColumn } from '../../../components/resource-list/column-builders.tsx';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import type { ResourceColumn } from '../../../components/resource-list/resource-column.ts';
import { RowActions, type RowCommandAction } from '../../../components/resource-list/row-actions.tsx';
import { campaignMutations } from '../api/campaign-mutations.ts';
import { CAMPAIGN_SORTS, type CampaignRow, campaignsList } from '../api/list-campaigns.ts';
import { useSetDefaultCampaign } from '../api/set-default-campaign.ts';
import { isQrPrintOutdated } from '../campaign-qr.ts';
import '../components/campaigns-list.css';

// The dialog and the QR code library load only when a code is opened.
const CampaignQrDialog = lazy(() => import('../components/campaign-qr-dialog.tsx'));

/** The device's slots (spec §9). */
const DEVICE_SLOTS = 20;

/**
 * /admin/campaigns (spec §2): the campaigns with their covers, the default star, the QR code of each
 * and the row actions of spec §4.
 */
export default function CampaignsListPage() {
  const { t } = useTranslation('campaigns');
  const setDefault = useSetDefaultCampaign();
  // The campaign whose QR dialog is open, and the button that opened it (focus goes back there).
  const [qr, setQr] = useState<{ campaignId: number; name: string; opener: HTMLElement; opening: number }>();
  // Each opening mounts a new dialog: a reopening that comes before the closed one's unmount has
  // rendered must not find the old dialog (closed, with its earlier read of the campaign).
  const openings = useRef(0);

  function setDefaultAction(row: CampaignRow): RowCommandAction {
    return {
      key: 'setDefault',
      label: t('list.setDefault'),
      icon: <StarOutlined />,
      confirm: { title: t('list.setDefaultConfirm', { name: row.name }), okText: t('list.setDefaultYes') },
      run: () => setDefault.mutateAsync(row.campaignId),
      successMessage: t('list.setDefaultDone'),
      errorMessage: t('list.setDefaultError'),
    };
  }

  const columns: ResourceColumn<CampaignRow>[] = [
    {
      title: t('columns.qr'),
      key: 'qr',
      card: 'action',
      render: (_value, row) => (
        <Tooltip title={t('list.openQr', { name: row.name })}>
          <Button
            type="text"
            size="small"
            icon={<QrcodeOutlined />}
            aria-label={t('list.openQr', { name: row.name })}
            onClick={(event) =>
              setQr({
                campaignId: row.campaignId,
                name: row.name,
                opener: event.currentTarget,
                opening: ++openings.current,
              })
            }
          />
        </Tooltip>
      ),
    },
    thumbnailColumn(t('columns.cover'), (row) => row.cover, 'campaign-thumb'),
    { title: t('columns.name'), dataIndex: 'name', sortKey: CAMPAIGN_SORTS.name, card: 'name' },
    {
      title: t('columns.slots'),
      key: 'slots',
      sortKey: CAMPAIGN_SORTS.slotsUsed,
      render: (_value, row) => t('list.slotsUsed', { count: row.collection.length, total: DEVICE_SLOTS }),
    },
    {
      title: t('columns.isDefault'),
      key: 'isDefault',
      sortKey: CAMPAIGN_SORTS.isDefault,
      card: 'state',
      render: (_value, row) => {
        if (row.isDefault) {
          return <StarFilled className="campaign-default-star" role="img" aria-label={t('list.isDefault')} />;
        }
        const state = { isActive: row.ativo, isDefault: row.isDefault };
        return campaignActionRefusal(state, 'setDefault') ? null : (
          <RowActions actions={[setDefaultAction(row)]} />
        );
      },
    },
  ];

  // Toggle is always offered: deactivating the default is refused by the API with its explanation.
  function rowActions(row: CampaignRow) {
    const state = { isActive: row.ativo, isDefault: row.isDefault };
    const kinds = (['edit', 'delete'] as const).filter((kind) => !campaignActionRefusal(state, kind));
    return [...kinds, 'toggle' as const];
  }

  return (
    <>
      <RecordList<CampaignRow>
        t={t}
        resource="campaigns"
        list={campaignsList}
        mutations={campaignMutations}
        record={(row) => ({ id: row.campaignId, name: row.name })}
        rowActions={rowActions}
        columns={columns}
        statusNote={(row) =>
          isQrPrintOutdated(row) && (
            <Tag className="status-tag is-warning">
              {t('list.qrOutdated', { date: formatCreatedAt(row.updatedAt) })}
            </Tag>
          )
        }
        columnsAfterStatus={[
          {
            title: t('columns.updatedAt'),
            dataIndex: 'updatedAt',
            sortKey: CAMPAIGN_SORTS.updatedAt,
            priority: 'low',
            render: formatCreatedAt,
          },
        ]}
      />
      {qr && (
        <Suspense fallback={null}>
          <CampaignQrDialog
            key={qr.opening}
            campaignId={qr.campaignId}
            name={qr.name}
            onClose={() => {
              setQr(undefined);
              qr.opener.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
