import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type ResourceColumn, ResourceList } from '../../../components/resource-list/resource-list.tsx';
import type { RowAction } from '../../../components/resource-list/row-actions.tsx';
import { useActivateCategory } from '../api/activate-category.ts';
import { useDeactivateCategory } from '../api/deactivate-category.ts';
import { useDeleteCategory } from '../api/delete-category.ts';
import { exportCategories } from '../api/export-categories.ts';
import { CATEGORY_SORTS, type CategoryRow, useCategoriesList } from '../api/list-categories.ts';
import { missingTranslations } from '../category-form-values.ts';
import { type CategoryRowActionKind, categoryRowActions } from '../category-row-actions.ts';

const DATE_TIME = 'DD/MM/YYYY HH:mm';

/** /admin/categories (spec §2): the categories with the row actions spec §4 allows. */
export default function CategoriesListPage() {
  const { t } = useTranslation('categories');
  const activate = useActivateCategory();
  const deactivate = useDeactivateCategory();
  const remove = useDeleteCategory();

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
    {
      title: t('columns.status'),
      dataIndex: 'ativo',
      render: (isActive: boolean) => (
        <Tag className={isActive ? 'status-tag is-positive' : 'status-tag'}>
          {isActive ? t('status.active') : t('status.inactive')}
        </Tag>
      ),
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      sortKey: CATEGORY_SORTS.createdAt,
      render: (createdAt: string) => dayjs(createdAt).format(DATE_TIME),
    },
  ];

  function actionOf(kind: CategoryRowActionKind, row: CategoryRow): RowAction {
    switch (kind) {
      case 'edit':
        return {
          key: kind,
          label: t('actions.edit'),
          icon: <EditOutlined />,
          to: `/admin/categories/${row.categoryId}/update`,
        };
      case 'delete':
        return {
          key: kind,
          label: t('actions.delete'),
          icon: <DeleteOutlined />,
          isDanger: true,
          confirm: {
            title: t('confirm.delete', { name: row.name }),
            content: t('confirm.deleteText'),
            okText: t('actions.delete'),
          },
          run: () => remove.mutateAsync(row.categoryId),
          successMessage: t('common:list.deleted'),
          errorMessage: t('common:list.deleteError'),
        };
      case 'toggle':
        return {
          key: kind,
          label: row.ativo ? t('actions.deactivate') : t('actions.activate'),
          icon: row.ativo ? <StopOutlined /> : <CheckCircleOutlined />,
          isDanger: row.ativo,
          confirm: {
            title: row.ativo
              ? t('confirm.deactivate', { name: row.name })
              : t('confirm.activate', { name: row.name }),
            okText: row.ativo ? t('actions.deactivate') : t('actions.activate'),
          },
          run: () =>
            row.ativo ? deactivate.mutateAsync(row.categoryId) : activate.mutateAsync(row.categoryId),
          successMessage: t('common:list.statusChanged'),
          errorMessage: t('common:list.statusError'),
        };
    }
  }

  return (
    <ResourceList<CategoryRow>
      title={t('title')}
      endpoint="categories"
      useList={useCategoriesList}
      columns={columns}
      rowKey={(row) => row.categoryId}
      defaultSort={{ orderBy: CATEGORY_SORTS.createdAt, orderByDirection: 'desc' }}
      searchLabel={t('searchLabel')}
      hasActiveFilter
      add={{ path: '/admin/categories/create', label: t('actions.add') }}
      onExport={exportCategories}
      rowActions={(row) => categoryRowActions(row).map((kind) => actionOf(kind, row))}
    />
  );
}
