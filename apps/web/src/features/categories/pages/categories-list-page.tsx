import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { categoryRowActions } from '@scentia/shared/categories.rules';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import { categoryMutations } from '../api/category-mutations.ts';
import { CATEGORY_SORTS, type CategoryRow, categoriesList } from '../api/list-categories.ts';
import { missingTranslations } from '../category-form-values.ts';

/** /admin/categories (spec §2): the categories with the row actions spec §4 allows. */
export default function CategoriesListPage() {
  const { t } = useTranslation('categories');

  function translationsTag(row: CategoryRow) {
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
  }

  return (
    <RecordList<CategoryRow>
      t={t}
      resource="categories"
      list={categoriesList}
      mutations={categoryMutations}
      importable
      createdAtSort={CATEGORY_SORTS.createdAt}
      record={(row) => ({ id: row.categoryId, name: row.name })}
      rowActions={(row) => categoryRowActions({ isActive: row.ativo, fragranceCount: row.fragranceCount })}
      bulk={{}}
      columns={[
        { title: t('columns.id'), dataIndex: 'categoryId', sortKey: CATEGORY_SORTS.id, priority: 'low' },
        { title: t('fields.name'), dataIndex: 'name', sortKey: CATEGORY_SORTS.name, card: 'name' },
        {
          title: t('columns.translations'),
          key: 'translations',
          render: (_value, row) => translationsTag(row),
        },
        { title: t('columns.fragrances'), dataIndex: 'fragranceCount', sortKey: CATEGORY_SORTS.fragrances },
      ]}
    />
  );
}
