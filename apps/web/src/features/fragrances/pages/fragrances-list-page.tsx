import { collectionCampaignCount, fragranceRowActions } from '@scentia/shared/fragrances.rules';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { thumbnailColumn } from '../../../components/resource-list/column-builders.tsx';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import { fragranceMutations } from '../api/fragrance-mutations.ts';
import { FRAGRANCE_SORTS, type FragranceRow, fragrancesList } from '../api/list-fragrances.ts';
import { padFragranceId } from '../fragrance-form-values.ts';

/** /admin/fragrances (spec §2): the fragrances with their thumbnails and the row actions of spec §4. */
export default function FragrancesListPage() {
  const { t } = useTranslation('fragrances');

  // Why the row has no deactivate action; focusable so keyboard users reach the tooltip.
  function campaignsTag(row: FragranceRow) {
    const campaigns = collectionCampaignCount(row.collections);
    return (
      campaigns > 0 && (
        <Tooltip title={t('collections.locked')} trigger={['hover', 'focus']}>
          <Tag className="status-tag is-warning" tabIndex={0}>
            {t('collections.count', { count: campaigns })}
          </Tag>
        </Tooltip>
      )
    );
  }

  return (
    <RecordList<FragranceRow>
      t={t}
      resource="fragrances"
      list={fragrancesList}
      mutations={fragranceMutations}
      importable
      createdAtSort={FRAGRANCE_SORTS.createdAt}
      record={(row) => ({ id: row.fragranceId, name: row.name })}
      rowActions={(row) => fragranceRowActions({ isActive: row.ativo, collections: row.collections })}
      statusNote={campaignsTag}
      bulk={{}}
      columns={[
        thumbnailColumn(t('columns.image'), (row) => row.image, 'fragrance-thumb'),
        {
          title: t('columns.id'),
          dataIndex: 'fragranceId',
          sortKey: FRAGRANCE_SORTS.id,
          render: (id: number) => padFragranceId(id),
        },
        { title: t('fields.name'), dataIndex: 'name', sortKey: FRAGRANCE_SORTS.name, card: 'name' },
        { title: t('fields.category'), dataIndex: ['category', 'name'], sortKey: FRAGRANCE_SORTS.category },
      ]}
    />
  );
}
