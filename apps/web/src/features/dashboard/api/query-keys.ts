import type { DashboardSitesQuery } from '@scentia/shared/dashboard.schemas';

/** The dashboard's filters as every call and export sends them (`dashboardQuerySchema` reads them). */
export type DashboardRequest = {
  from: string;
  to: string;
  timeZone: string;
  organizationId?: string;
  locationId?: string;
};
/** The sites table's export: the same, with its grouping and sort (`dashboardSitesExportQuerySchema`). */
export type DashboardSitesExportRequest = DashboardRequest &
  Pick<DashboardSitesQuery, 'groupBy' | 'sort' | 'order'>;
/** The sites table's: the export's, and the page shown (`dashboardSitesQuerySchema`). */
export type DashboardSitesRequest = DashboardSitesExportRequest &
  Pick<DashboardSitesQuery, 'page' | 'perPage'>;

/** Every query of the dashboard is keyed under `['dashboard']`, then by chart and filters. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  campaigns: (query: DashboardRequest) => ['dashboard', 'shots-campaign', query] as const,
  fragrances: (query: DashboardRequest) => ['dashboard', 'shots-fragrance', query] as const,
  sites: (query: DashboardSitesRequest) => ['dashboard', 'sites', query] as const,
};
