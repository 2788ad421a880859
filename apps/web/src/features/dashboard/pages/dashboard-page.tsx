import { Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useDashboardSites } from '../api/get-dashboard-sites.ts';
import { useInitiativeChart } from '../api/get-initiative-chart.ts';
import { useShotsCampaign } from '../api/get-shots-campaign.ts';
import { useShotsFragrance } from '../api/get-shots-fragrance.ts';
import { BrandKitSection } from '../components/brand-kit-section.tsx';
import { DashboardFilterBar } from '../components/dashboard-filter-bar.tsx';
import { InitiativesSection } from '../components/initiatives-section.tsx';
import { CampaignsSection, FragrancesSection } from '../components/shots-sections.tsx';
import { SitesSection } from '../components/sites-section.tsx';
import {
  browserTimeZone,
  type DashboardFilters,
  dashboardQuery,
  isOneOrganization,
  offeredSitesView,
  readDashboardFilters,
  SITES_PAGE_SIZE,
  writeDashboardFilters,
} from '../dashboard-filters.ts';
import '../components/dashboard.css';

/**
 * /admin/home, the dashboard (spec §2): shots per fragrance for each campaign, then in total, then the
 * sites compared, over a period remembered in browser storage. The campaigns' data is asked for first
 * and the rest once it has come (spec §2 "Campaign data loads first, then fragrance data").
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('title'));
  const { user } = useSession();
  const firstName = user?.nome.trim().split(/\s+/)[0] ?? '';
  // "Today" is read once per visit: a page left open over midnight keeps its period until reloaded.
  const [now] = useState(() => Date.now());
  const [filters, setFilters] = useState<DashboardFilters>(() =>
    readDashboardFilters(browserTimeZone(), now),
  );
  // The sites table's page: back to the first whenever a filter, the grouping or the sort changes.
  const [sitesPage, setSitesPage] = useState(1);
  const query = dashboardQuery(filters, now);
  const isSitesOneOrganization = isOneOrganization(filters, Boolean(user?.membership));
  const sitesView = offeredSitesView(filters.sites, isSitesOneOrganization);
  const sitesExport = { ...query, ...sitesView };
  const sitesQuery = { ...sitesExport, page: sitesPage, perPage: SITES_PAGE_SIZE };

  const campaigns = useShotsCampaign(query);
  const isCampaignsSettled = (campaigns.isSuccess && !campaigns.isPlaceholderData) || campaigns.isError;
  const fragrances = useShotsFragrance(query, isCampaignsSettled);
  const sites = useDashboardSites(sitesQuery, isCampaignsSettled);
  const initiatives = useInitiativeChart(query, isCampaignsSettled);

  function change(next: DashboardFilters) {
    setFilters(next);
    setSitesPage(1);
    writeDashboardFilters(next, Date.now());
  }

  return (
    <div className="dashboard-page">
      <header className="dashboard-heading">
        <Typography.Title level={1} className="dashboard-greeting">
          {t('greeting', { name: firstName })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="dashboard-intro">
          {t('intro')}
        </Typography.Paragraph>
      </header>
      <DashboardFilterBar filters={filters} onChange={change} now={now} />
      <CampaignsSection query={campaigns} filters={query} />
      <FragrancesSection query={fragrances} filters={query} isWaiting={!isCampaignsSettled} />
      <SitesSection
        query={sites}
        filters={sitesExport}
        view={sitesView}
        isEverySortOffered={isSitesOneOrganization}
        page={sitesPage}
        onPageChange={setSitesPage}
        onViewChange={(view) => change({ ...filters, sites: view })}
        isWaiting={!isCampaignsSettled}
      />
      {/* Below the fold, with texts of their own: the charts above paint without waiting for them. */}
      <Suspense fallback={null}>
        <InitiativesSection query={initiatives} filters={query} isWaiting={!isCampaignsSettled} />
        <BrandKitSection isWaiting={!isCampaignsSettled} />
      </Suspense>
    </div>
  );
}
