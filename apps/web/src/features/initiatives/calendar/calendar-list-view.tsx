import { Alert, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InitiativeStatusTag } from '../../../components/initiative-status/initiative-status.tsx';
import { formatDate } from '../../../lib/date-format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { type InitiativeRow, initiativesList } from '../api/list-initiatives.ts';
import type { CalendarRange } from './calendar-range.ts';
import {
  CALENDAR_LIST_ORDER,
  CALENDAR_LIST_PAGE_SIZE,
  type CalendarFilter,
  filterParams,
} from './calendar-state.ts';

type CalendarListViewProps = {
  range: CalendarRange;
  filter: CalendarFilter;
  page: number;
  onPageChange: (page: number) => void;
};

/**
 * The list beside the calendar (spec §9 "Calendar filter default"): the period's initiatives under
 * the same filter, 20 per page, ordered by Id ascending; the page is remembered with the calendar.
 */
export function CalendarListView({ range, filter, page, onPageChange }: CalendarListViewProps) {
  const { t } = useTranslation('initiatives-calendar');
  const list = initiativesList.useList({
    page,
    perPage: CALENDAR_LIST_PAGE_SIZE,
    search: '',
    ...CALENDAR_LIST_ORDER,
    filters: filterParams(filter, range),
  });
  const total = list.data?.total ?? 0;
  // A remembered page past the end (initiatives gone since) shows the last one instead.
  const lastPage = Math.max(1, list.data?.totalPages ?? 1);
  const current = list.data && page > lastPage ? lastPage : page;

  return (
    <>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={t('loadError')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        />
      )}
      <Table<InitiativeRow>
        className="calendar-list"
        rowKey="initiativeId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('emptyPeriod') }}
        pagination={{
          current,
          pageSize: CALENDAR_LIST_PAGE_SIZE,
          total,
          showSizeChanger: false,
          showTotal: (count, [from, to]) => t('common:list.range', { from, to, total: count }),
          onChange: onPageChange,
        }}
        columns={[
          { title: t('columns.id'), dataIndex: 'initiativeId', width: 72 },
          {
            title: t('columns.title'),
            dataIndex: 'title',
            render: (title: string, row) => (
              <Link to={PATHS.admin.initiatives.update(row.initiativeId)}>{title}</Link>
            ),
          },
          { title: t('columns.organization'), render: (_, row) => row.organization.name },
          {
            title: t('columns.locations'),
            render: (_, row) => row.locations.map((location) => location.name).join(', '),
          },
          { title: t('columns.startsOn'), dataIndex: 'startsOn', render: formatDate },
          { title: t('columns.endsOn'), dataIndex: 'endsOn', render: formatDate },
          {
            title: t('columns.status'),
            dataIndex: 'status',
            render: (status: InitiativeRow['status']) => <InitiativeStatusTag status={status} />,
          },
        ]}
      />
    </>
  );
}
