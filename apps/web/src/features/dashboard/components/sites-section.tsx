import type { DashboardSite } from '@scentia/shared/dashboard.schemas';
import { Segmented, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportDashboardSites } from '../api/export-dashboard-sites.ts';
import type { useDashboardSites } from '../api/get-dashboard-sites.ts';
import type { DashboardSitesRequest } from '../api/query-keys.ts';
import type { SitesView } from '../dashboard-filters.ts';
import { siteDevicesPath } from '../slice-links.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { useFormats } from './formats.ts';

type SitesSectionProps = {
  query: ReturnType<typeof useDashboardSites>;
  filters: DashboardSitesRequest;
  view: SitesView;
  onViewChange: (view: SitesView) => void;
  isWaiting: boolean;
};

type Sort = SitesView['sort'];
const NUMBER_COLUMNS = ['shots', 'activeDevices', 'offlineDevices', 'capsulesRunningOut'] as const;

const rowKey = (site: DashboardSite) => `${site.organizationId}-${site.locationId ?? ''}`;

/** The devices list filtered to the row's location, or to its organisation. */

/**
 * The sites compared (GET /api/dashboard/sites): per organisation or per location, the period's shots
 * and the fleet as it is now; sorted by the server by any column (the sort is remembered with the
 * filters). A site's name opens its devices.
 */
export function SitesSection({ query, filters, view, onViewChange, isWaiting }: SitesSectionProps) {
  const { t } = useTranslation('dashboard');
  const formats = useFormats();
  const sites = query.data ?? [];
  const orderOf = (sort: Sort): 'ascend' | 'descend' | null =>
    view.sort === sort ? (view.order === 'asc' ? 'ascend' : 'descend') : null;

  const onChange: TableProps<DashboardSite>['onChange'] = (_pagination, _filters, sorter) => {
    const sorted = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<DashboardSite> | undefined;
    const sort = sorted?.columnKey as Sort | undefined;
    if (!sort || !sorted?.order) return;
    onViewChange({ ...view, sort, order: sorted.order === 'ascend' ? 'asc' : 'desc' });
  };

  return (
    <DashboardSection
      title={t('sites.title')}
      query={query}
      isWaiting={isWaiting}
      isEmpty={sites.length === 0}
      emptyText={t('sites.empty')}
      onExport={() => exportDashboardSites(filters)}
      controls={
        <Segmented<SitesView['groupBy']>
          value={view.groupBy}
          onChange={(groupBy) => onViewChange({ ...view, groupBy })}
          aria-label={t('sites.groupBy')}
          options={[
            { value: 'organization', label: t('sites.perOrganization') },
            { value: 'location', label: t('sites.perLocation') },
          ]}
        />
      }
    >
      <Table<DashboardSite>
        className="dashboard-sites"
        size="small"
        rowKey={rowKey}
        dataSource={sites}
        pagination={sites.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        onChange={onChange}
        showSorterTooltip={false}
        columns={[
          {
            key: 'name',
            title: view.groupBy === 'location' ? t('sites.location') : t('sites.organization'),
            sorter: true,
            sortDirections: ['ascend', 'descend', 'ascend'],
            sortOrder: orderOf('name'),
            render: (_value, site) => (
              <span className="dashboard-site-name">
                <Link to={siteDevicesPath(site, filters)}>{site.locationName ?? site.organizationName}</Link>
                {site.locationName !== null && (
                  <span className="dashboard-site-organization">{site.organizationName}</span>
                )}
              </span>
            ),
          },
          ...NUMBER_COLUMNS.map((key) => ({
            key,
            dataIndex: key,
            title: t(`sites.${key}`),
            align: 'right' as const,
            sorter: true,
            sortDirections: ['descend' as const, 'ascend' as const, 'descend' as const],
            sortOrder: orderOf(key),
            render: (value: number) => formats.number(value),
          })),
        ]}
      />
    </DashboardSection>
  );
}
