import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CapsuleRunOut } from '../../../components/capsule-run-out/capsule-run-out.tsx';
import { shotsInPeriodColumn } from '../../../components/list-period/shots-in-period-column.tsx';
import { kitText } from '../../../components/resource-kit-keys.ts';
import {
  createdAtColumn,
  formatCreatedAt,
  statusColumn,
} from '../../../components/resource-list/column-builders.tsx';
import { ResourceList } from '../../../components/resource-list/resource-list.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { exportCapsules } from '../api/export-capsules.ts';
import { CAPSULE_SORT, type CapsuleRow, capsulesList } from '../api/list-capsules.ts';
import { CapsuleDevice, DueDate, RemainingShots } from '../components/capsule-columns.tsx';
import { useCapsuleFilters } from '../components/capsule-filters.tsx';
import '../components/capsules.css';

/**
 * /admin/capsules (`?deviceId=`, `?fragranceId=` for one device's or fragrance's, `?from=&to=` for
 * their shots in a period): the capsules the
 * devices report, read-only (spec §2 Capsules list): no add and no row commands, since capsules come
 * and go with the heartbeats. Active capsules are those in a device; the active filter shows the ones
 * taken out. Each capsule in a device shows the day it is forecast to run out (issue 26).
 */
export default function CapsulesPage() {
  const { t } = useTranslation('capsules');
  const { t: tCommon } = useTranslation();
  const filters = useCapsuleFilters();
  // The browser's own day: "due within a week" is a person's calendar, not the server's.
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <ResourceList<CapsuleRow>
      title={kitText(t, 'title')}
      endpoint="capsules"
      useList={capsulesList.useList}
      rowKey={(row) => row.capsuleId}
      defaultSort={{ orderBy: CAPSULE_SORT.createdAt, orderByDirection: 'desc' }}
      searchLabel={kitText(t, 'searchLabel')}
      hasActiveFilter
      filters={filters}
      onExport={exportCapsules}
      columns={[
        {
          title: t('columns.serialNumber'),
          dataIndex: 'serialNumber',
          sortKey: CAPSULE_SORT.serialNumber,
          card: 'name',
          render: (serial: string) => <span className="capsule-serial">{serial}</span>,
        },
        {
          title: t('columns.fragrance'),
          dataIndex: ['fragrance', 'name'],
          sortKey: CAPSULE_SORT.fragrance,
          render: (name: string, row) => (
            <Link to={PATHS.admin.fragrances.update(row.fragrance.fragranceId)}>{name}</Link>
          ),
        },
        {
          title: t('columns.remainingShots'),
          key: 'remainingShots',
          sortKey: CAPSULE_SORT.remainingShots,
          card: 'state',
          render: (_value, row) => <RemainingShots capsule={row} t={t} />,
        },
        // Opened with a period (a dashboard slice): each capsule's shots in its UTC days.
        ...(filters.period ? [shotsInPeriodColumn<CapsuleRow>(tCommon('list.shotsInPeriod'))] : []),
        {
          title: t('columns.runsOutOn'),
          key: 'runsOutOn',
          // A capsule taken out runs out nowhere: its cell stays empty.
          render: (_value, row) =>
            row.device && (
              <CapsuleRunOut runsOutOn={row.runsOutOn} remainingShots={row.remainingShots} today={today} />
            ),
        },
        {
          title: t('columns.device'),
          key: 'device',
          sortKey: CAPSULE_SORT.device,
          render: (_value, row) => <CapsuleDevice capsule={row} t={t} />,
        },
        {
          title: t('columns.dueDate'),
          dataIndex: 'dueDate',
          sortKey: CAPSULE_SORT.dueDate,
          render: (dueDate: string | null) => <DueDate dueDate={dueDate} today={today} t={t} />,
        },
        { ...statusColumn(t), priority: 'low' },
        { ...createdAtColumn(t, CAPSULE_SORT.createdAt), priority: 'low' },
        {
          title: t('columns.updatedAt'),
          dataIndex: 'updatedAt',
          sortKey: CAPSULE_SORT.updatedAt,
          priority: 'low',
          render: formatCreatedAt,
        },
      ]}
    />
  );
}
