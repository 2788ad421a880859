import { CalendarOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { initiativeActionRefusal } from '@scentia/shared/initiatives.rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InitiativeStatusTag } from '../../../components/initiative-status/initiative-status.tsx';
import { kitText } from '../../../components/resource-kit-keys.ts';
import { createdAtColumn } from '../../../components/resource-list/column-builders.tsx';
import type { ResourceColumn } from '../../../components/resource-list/resource-column.ts';
import { ResourceList } from '../../../components/resource-list/resource-list.tsx';
import type { RowAction } from '../../../components/resource-list/row-actions.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { exportInitiatives } from '../api/initiative-mutations.ts';
import { type InitiativeRow, initiativesList } from '../api/list-initiatives.ts';
import { useInitiativeFilters } from '../components/initiative-filters.tsx';
import { useInitiativeReview } from '../components/use-initiative-review.tsx';
import { initiativeViewerActions } from '../initiative-actions.ts';
import { useInitiativeAccess } from '../use-initiative-access.ts';
import '../components/initiatives.css';

/** The initiatives list's `orderBy` values (docs/api.md). */
const SORTS = {
  id: 'id',
  title: 'title',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  status: 'status',
  createdAt: 'createdAt',
} as const;

/** How many location names a row shows before "and N more". */
const SHOWN_LOCATIONS = 2;

/**
 * /admin/initiatives (issue 27): in-store activations with their organisation, locations, campaign,
 * days and status; search by title, filters by status, organisation, location and period; the open
 * or edit link, and for admins the review actions the initiative's status allows.
 */
export default function InitiativesListPage() {
  const { t } = useTranslation('initiatives');
  const access = useInitiativeAccess();
  const isAdmin = access.mayReview;
  const filters = useInitiativeFilters(access.isMember);
  const review = useInitiativeReview();

  const columns: ResourceColumn<InitiativeRow>[] = [
    { title: t('columns.id'), dataIndex: 'initiativeId', sortKey: SORTS.id, priority: 'low' },
    { title: t('fields.title'), dataIndex: 'title', sortKey: SORTS.title, card: 'name' },
    { title: t('fields.organization'), dataIndex: ['organization', 'name'] },
    {
      title: t('fields.locations'),
      dataIndex: 'locations',
      className: 'initiative-locations',
      render: (locations: InitiativeRow['locations']) => {
        const names = locations.slice(0, SHOWN_LOCATIONS).map((location) => location.name);
        const more = locations.length - names.length;
        return more > 0
          ? t('columns.locationsMore', { names: names.join(', '), count: more })
          : names.join(', ');
      },
    },
    { title: t('fields.campaign'), dataIndex: ['campaign', 'name'], priority: 'low' },
    { title: t('fields.startsOn'), dataIndex: 'startsOn', sortKey: SORTS.startsOn, render: formatDate },
    { title: t('fields.endsOn'), dataIndex: 'endsOn', sortKey: SORTS.endsOn, render: formatDate },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      sortKey: SORTS.status,
      card: 'state',
      render: (status: InitiativeRow['status']) => <InitiativeStatusTag status={status} />,
    },
    { ...createdAtColumn(t, SORTS.createdAt), priority: 'low' },
  ];

  function rowActions(row: InitiativeRow): RowAction[] {
    const isEditable = access.mayPropose && initiativeActionRefusal(row.status, 'edit') === undefined;
    const open: RowAction = {
      key: 'open',
      label: isEditable ? kitText(t, 'actions.edit') : t('actions.view'),
      icon: isEditable ? <EditOutlined /> : <EyeOutlined />,
      to: PATHS.admin.initiatives.update(row.initiativeId),
    };
    const reviews = initiativeViewerActions(row.status, isAdmin).flatMap((action) =>
      action === 'edit' ? [] : [review.reviewAction(action, row)],
    );
    return [open, ...reviews];
  }

  return (
    <>
      <ResourceList<InitiativeRow>
        title={t('title')}
        subtitle={
          <Link to={PATHS.admin.initiatives.calendar} className="initiative-calendar-link">
            <CalendarOutlined /> {t('actions.calendar')}
          </Link>
        }
        endpoint="initiatives"
        useList={initiativesList.useList}
        columns={columns}
        rowKey={(row) => row.initiativeId}
        defaultSort={{ orderBy: SORTS.createdAt, orderByDirection: 'desc' }}
        searchLabel={t('searchLabel')}
        filters={filters}
        add={
          access.mayPropose ? { path: PATHS.admin.initiatives.create, label: t('actions.add') } : undefined
        }
        onExport={exportInitiatives}
        rowActions={rowActions}
      />
      {review.dialog}
    </>
  );
}
