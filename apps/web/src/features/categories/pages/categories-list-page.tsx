import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { categoryRowActions } from '@scentia/shared/categories.rules';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordCommands } from '../../../components/resource-form/resource-mutations.ts';
import { createdAtColumn, statusColumn } from '../../../components/resource-list/column-builders.tsx';
import { type ResourceColumn, ResourceList } from '../../../components/resource-list/resource-list.tsx';
import { recordRowAction } from '../../../components/resource-list/row-action-builders.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { categoryMutations } from '../api/category-mutations.ts';
import { CATEGORY_SORTS, type CategoryRow, categoriesList } from '../api/list-categories.ts';
import { missingTranslations } from '../category-form-values.ts';

/** /admin/categories (spec §2): the categories with the row actions spec §4 allows. */
export default function CategoriesListPage() {
  const { t } = useTranslation('categories');
  const commands = useRecordCommands(categoryMutations);

  const columns: ResourceColumn<CategoryRow>[] = [
    { title: t('columns.id'), dataIndex: 'categoryId', sortKey: CATEGORY_SORTS.id },
    { title: t('fields.name'), dataIndex: 'name', sortKey: CATEGORY_SORTS.name },
    {
      title: t('columns.translations'),
      key: 'translations',
      render: (_value, row) => {
        const missing = missingTranslations(row.translations);
        if (missing.length === 0) {
          return (
            <Tag className="status-tag is-positive" icon={<CheckCircleOutlined />}>
              {t('translations.complete')}
            </Tag>
          );
        }
        const languages = missing.map((language) => t(`common:language.${language}`)).join(', ');
        return (
          <Tooltip title={t('translations.missing', { languages })}>
            <Tag className="status-tag is-warning" icon={<ExclamationCircleOutlined />}>
              {t('translations.incomplete')}
            </Tag>
          </Tooltip>
        );
      },
    },
    { title: t('columns.fragrances'), dataIndex: 'fragranceCount', sortKey: CATEGORY_SORTS.fragrances },
    statusColumn(t),
    createdAtColumn(t, CATEGORY_SORTS.createdAt),
  ];

  function rowActions(row: CategoryRow) {
    const id = row.categoryId;
    const target = {
      name: row.name,
      isActive: row.ativo,
      editPath: PATHS.admin.categories.update(id),
      ...commands(id, row.ativo),
    };
    const state = { isActive: row.ativo, fragranceCount: row.fragranceCount };
    return categoryRowActions(state).map((kind) => recordRowAction(t, kind, target));
  }

  return (
    <ResourceList<CategoryRow>
      title={t('title')}
      endpoint="categories"
      useList={categoriesList.useList}
      columns={columns}
      rowKey={(row) => row.categoryId}
      defaultSort={{ orderBy: CATEGORY_SORTS.createdAt, orderByDirection: 'desc' }}
      searchLabel={t('searchLabel')}
      hasActiveFilter
      add={{ path: PATHS.admin.categories.create, label: t('actions.add') }}
      onExport={categoryMutations.exportList}
      rowActions={rowActions}
    />
  );
}
