import type { DashboardSite } from '@scentia/shared/dashboard.schemas';
import { Segmented, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportDashboardSites } from '../api/export-dashboard-sites.ts';
import type { useDashboardSites } from '../api/get-dashboard-sites.ts';
import type { DashboardSitesExportRequest } from '../api/query-keys.ts';
import { SITES_PAGE_SIZE, type SitesView } from '../dashboard-filters.ts';
import { siteDevicesPath } from '../slice-links.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { useFormats } from './formats.ts';

type SitesSectionProps = {
  query: ReturnType<typeof useDashboardSites>;
  filters: DashboardSitesExportRequest;
  view: SitesView;
  /** Over one organisation every column sorts; over the whole fleet, the name and the shots only. */
  isEverySortOffered: boolean;
  page: number;
  onPageChange: (page: number) => void;
  onViewChange: (view: SitesView) => void;
  isWaiting: boolean;
};

type Sort = SitesView['sort'];
const NUMBER_COLUMNS = ['shots', 'activeDevices', 'offlineDevices', 'capsulesRunningOut'] as const;
const FLEET_SORTS: readonly Sort[] = ['name', 'shots'];

const rowKey = (site: DashboardSite) => `${site.organizationId}-${site.locationId ?? ''}`;

/** The devices list filtered to the row's location, or to its organisation. */

/**
 * The sites compared (GET /api/dashboard/sites): per organisation or per location, the period's shots
 * and the fleet as it is now; sorted and paged by the server (the sort is remembered with the filters,
 * the page is not). Over the whole fleet only the name and the shots sort. A site's name opens its
 * devices; the export holds every site, not the page.
 */
export function SitesSection({
  query,
  filters,
  view,
  isEverySortOffered,
  page,
  onPageChange,
  onViewChange,
  isWaiting,
}: SitesSectionProps) {
  const { t } = useTranslation('dashboard');
  const formats = useFormats();
  const sites = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const isSortable = (sort: Sort) => isEverySortOffered || FLEET_SORTS.includes(sort);
  const orderOf = (sort: Sort): 'ascend' | 'descend' | null =>
    view.sort === sort ? (view.order === 'asc' ? 'ascend' : 'descend') : null;

  const onChange: TableProps<DashboardSite>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      onPageChange(pagination.current ?? 1);
      return;
    }
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
      isEmpty={total === 0}
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
        pagination={
          total > SITES_PAGE_SIZE
            ? { current: page, pageSize: SITES_PAGE_SIZE, total, showSizeChanger: false }
            : false
        }
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
            sorter: isSortable(key),
            sortDirections: ['descend' as const, 'ascend' as const, 'descend' as const],
            sortOrder: isSortable(key) ? orderOf(key) : null,
            render: (value: number) => formats.number(value),
          })),
        ]}
      />
    </DashboardSection>
  );
}
