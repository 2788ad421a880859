import { PictureOutlined } from '@ant-design/icons';
import { collectionCampaignCount, fragranceRowActions } from '@scentia/shared/fragrances.rules';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordCommands } from '../../../components/resource-form/resource-mutations.ts';
import {
  createdAtColumn,
  StatusTag,
  statusColumn,
} from '../../../components/resource-list/column-builders.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource-list/resource-list.tsx';
import { recordRowAction } from '../../../components/resource-list/row-action-builders.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { fragranceMutations } from '../api/fragrance-mutations.ts';
import { FRAGRANCE_SORTS, type FragranceRow, fragrancesList } from '../api/list-fragrances.ts';
import { padFragranceId } from '../fragrance-form-values.ts';
import '../components/fragrances.css';

/** /admin/fragrances (spec §2): the fragrances with their thumbnails and the row actions of spec §4. */
export default function FragrancesListPage() {
  const { t } = useTranslation('fragrances');
  const commands = useRecordCommands(fragranceMutations);

  const columns: ResourceColumn<FragranceRow>[] = [
    {
      title: t('columns.image'),
      key: 'image',
      render: (_value, row) =>
        row.image ? (
          // Decorative: the name is in the next columns. Signed URLs load without a bearer.
          <img className="fragrance-thumb" src={row.image.thumbnailUri} alt="" loading="lazy" />
        ) : (
          <span className="fragrance-thumb fragrance-thumb-empty">
            <PictureOutlined aria-hidden="true" />
          </span>
        ),
    },
    {
      title: t('columns.id'),
      dataIndex: 'fragranceId',
      sortKey: FRAGRANCE_SORTS.id,
      render: (id: number) => padFragranceId(id),
    },
    { title: t('fields.name'), dataIndex: 'name', sortKey: FRAGRANCE_SORTS.name },
    { title: t('fields.category'), dataIndex: ['category', 'name'], sortKey: FRAGRANCE_SORTS.category },
    {
      ...statusColumn(t),
      render: (isActive: boolean, row) => {
        const campaigns = collectionCampaignCount(row.collections);
        return (
          <span className="fragrance-status">
            <StatusTag t={t} isActive={isActive} />
            {campaigns > 0 && (
              // Why the row has no deactivate action; focusable so keyboard users reach the tooltip.
              <Tooltip title={t('collections.locked')} trigger={['hover', 'focus']}>
                <Tag className="status-tag is-warning" tabIndex={0}>
                  {t('collections.count', { count: campaigns })}
                </Tag>
              </Tooltip>
            )}
          </span>
        );
      },
    },
    createdAtColumn(t, FRAGRANCE_SORTS.createdAt),
  ];

  function rowActions(row: FragranceRow) {
    const id = row.fragranceId;
    const target = {
      name: row.name,
      isActive: row.ativo,
      editPath: PATHS.admin.fragrances.update(id),
      ...commands(id, row.ativo),
    };
    const state = { isActive: row.ativo, collections: row.collections };
    return fragranceRowActions(state).map((kind) => recordRowAction(t, kind, target));
  }

  return (
    <ResourceList<FragranceRow>
      title={t('title')}
      endpoint="fragrances"
      useList={fragrancesList.useList}
      columns={columns}
      rowKey={(row) => row.fragranceId}
      defaultSort={{ orderBy: FRAGRANCE_SORTS.createdAt, orderByDirection: 'desc' }}
      searchLabel={t('searchLabel')}
      hasActiveFilter
      add={{ path: PATHS.admin.fragrances.create, label: t('actions.add') }}
      onExport={fragranceMutations.exportList}
      rowActions={rowActions}
    />
  );
}
