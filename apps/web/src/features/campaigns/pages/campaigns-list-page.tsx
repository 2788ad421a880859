import { PictureOutlined, QrcodeOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { campaignActionRefusal } from '@scentia/shared/campaigns.rules';
import { Button, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordCommands } from '../../../components/resource-form/resource-mutations.ts';
import {
  createdAtColumn,
  formatCreatedAt,
  StatusTag,
} from '../../../components/resource-list/column-builders.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource-list/resource-list.tsx';
import { recordRowAction } from '../../../components/resource-list/row-action-builders.tsx';
import { RowActions, type RowCommandAction } from '../../../components/resource-list/row-actions.tsx';
import { PATHS } from '../../../lib/paths.ts';
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
  const commands = useRecordCommands(campaignMutations);
  const setDefault = useSetDefaultCampaign();
  // The campaign whose QR dialog is open, and the button that opened it (focus goes back there).
  const [qr, setQr] = useState<{ campaignId: number; name: string; opener: HTMLElement }>();

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
      render: (_value, row) => (
        <Tooltip title={t('list.openQr', { name: row.name })}>
          <Button
            type="text"
            size="small"
            icon={<QrcodeOutlined />}
            aria-label={t('list.openQr', { name: row.name })}
            onClick={(event) =>
              setQr({ campaignId: row.campaignId, name: row.name, opener: event.currentTarget })
            }
          />
        </Tooltip>
      ),
    },
    {
      title: t('columns.cover'),
      key: 'cover',
      render: (_value, row) =>
        row.cover ? (
          // Decorative: the name is in the next column. Signed URLs load without a bearer.
          <img className="campaign-thumb" src={row.cover.thumbnailUri} alt="" loading="lazy" />
        ) : (
          <span className="campaign-thumb campaign-thumb-empty">
            <PictureOutlined aria-hidden="true" />
          </span>
        ),
    },
    { title: t('columns.name'), dataIndex: 'name', sortKey: CAMPAIGN_SORTS.name },
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
    {
      title: t('columns.status'),
      dataIndex: 'ativo',
      render: (isActive: boolean, row) => (
        <span className="campaign-status">
          <StatusTag t={t} isActive={isActive} />
          {isQrPrintOutdated(row) && (
            <Tag className="status-tag is-warning">
              {t('list.qrOutdated', { date: formatCreatedAt(row.updatedAt) })}
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: t('columns.updatedAt'),
      dataIndex: 'updatedAt',
      sortKey: CAMPAIGN_SORTS.updatedAt,
      render: formatCreatedAt,
    },
    createdAtColumn(t, CAMPAIGN_SORTS.createdAt),
  ];

  function rowActions(row: CampaignRow) {
    const id = row.campaignId;
    const target = {
      name: row.name,
      isActive: row.ativo,
      editPath: PATHS.admin.campaigns.update(id),
      ...commands(id, row.ativo),
    };
    const state = { isActive: row.ativo, isDefault: row.isDefault };
    // Toggle is always offered: deactivating the default is refused by the API with its explanation.
    const kinds = (['edit', 'delete'] as const).filter((kind) => !campaignActionRefusal(state, kind));
    return [...kinds, 'toggle' as const].map((kind) => recordRowAction(t, kind, target));
  }

  return (
    <>
      <ResourceList<CampaignRow>
        title={t('title')}
        endpoint="campaigns"
        useList={campaignsList.useList}
        columns={columns}
        rowKey={(row) => row.campaignId}
        defaultSort={{ orderBy: CAMPAIGN_SORTS.createdAt, orderByDirection: 'desc' }}
        searchLabel={t('searchLabel')}
        hasActiveFilter
        add={{ path: PATHS.admin.campaigns.create, label: t('actions.add') }}
        onExport={campaignMutations.exportList}
        rowActions={rowActions}
      />
      {qr && (
        <Suspense fallback={null}>
          <CampaignQrDialog
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
