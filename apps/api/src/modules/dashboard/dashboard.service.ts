import {
  DASHBOARD_TOP_CAMPAIGNS,
  DASHBOARD_TOP_FRAGRANCES,
  type DashboardQuery,
  type DashboardSite,
  type DashboardSitesExportQuery,
  type DashboardSitesPage,
  type DashboardSitesQuery,
  isSiteSortOffered,
  type ShotsCampaign,
  type ShotsFragrance,
} from '@scentia/shared/dashboard.schemas';
import { type AccessScope, STAFF_SCOPE } from '../../lib/access-scope.ts';
import { invalidFields } from '../../lib/app-error.ts';
import { countRangesFor } from '../../lib/count-period.ts';
import type { CampaignFragranceCount, DashboardRepository, SiteFilter } from './dashboard.repository.ts';

type Slice = { fragranceId: number | null; fragranceName: string; shots: number };

/** Most shots first; ties by name, then id, so an answer never reorders between two refreshes. */
function byShots<T extends { shots: number; name: string; id: number | null }>(a: T, b: T): number {
  return b.shots - a.shots || a.name.localeCompare(b.name) || (a.id ?? 0) - (b.id ?? 0);
}

/** The fragrances most fired first; with `limit`, the first `DASHBOARD_TOP_FRAGRANCES` and one "others" slice. */
function slices(counts: Slice[], limit: boolean, othersName: string): Slice[] {
  const sorted = counts
    .map((slice) => ({ ...slice, name: slice.fragranceName, id: slice.fragranceId }))
    .sort(byShots)
    .map(({ name: _name, id: _id, ...slice }) => slice);
  if (!limit || sorted.length <= DASHBOARD_TOP_FRAGRANCES) return sorted;
  const rest = sorted.slice(DASHBOARD_TOP_FRAGRANCES).reduce((sum, slice) => sum + slice.shots, 0);
  return [
    ...sorted.slice(0, DASHBOARD_TOP_FRAGRANCES),
    { fragranceId: null, fragranceName: othersName, shots: rest },
  ];
}

/**
 * The sites a dashboard answer counts: the query's filters, within the caller's scope. A member's
 * answers are their organisation's (their locations' when limited), never the fleet's; a filter naming
 * another organisation or a location outside their scope is answered as an unknown one: nothing (null).
 */
function filterOf(query: SiteFilter, scope: AccessScope = STAFF_SCOPE): SiteFilter | null {
  const filter = { organizationId: query.organizationId, locationId: query.locationId };
  if (scope.kind === 'staff') return filter;
  if (filter.organizationId !== undefined && filter.organizationId !== scope.organizationId) return null;
  const { locationIds } = scope;
  if (filter.locationId !== undefined && locationIds !== null && !locationIds.includes(filter.locationId))
    return null;
  return { ...filter, organizationId: scope.organizationId, ...(locationIds ? { locationIds } : {}) };
}

/** How many sites the export reads at a time. */
const SITES_EXPORT_BATCH = 1_000;

export type ShotCampaignExportRow = { campaignName: string; fragranceName: string; shots: number };

/**
 * The dashboard: shots per campaign and fragrance and the sites compared, all read from the counts
 * ingestion keeps (never the raw shots), over a period of whole days of the viewer's time zone.
 */
export function createDashboardService(deps: {
  repository: DashboardRepository;
  offlineAfterMinutes: number;
  capsuleAlertDays: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  /** The period with its defaults; a reversed or too long one is refused (lib/count-period.ts). */
  function rangesOf(query: { from?: string; to?: string; timeZone?: string }) {
    return countRangesFor(query, now());
  }

  async function counts(query: DashboardQuery, scope?: AccessScope): Promise<CampaignFragranceCount[]> {
    const ranges = rangesOf(query);
    const filter = filterOf(query, scope);
    return filter ? deps.repository.campaignFragranceCounts(ranges, filter) : [];
  }

  function campaignsOf(rows: CampaignFragranceCount[], limit: boolean, othersName: string): ShotsCampaign[] {
    const campaigns = new Map<number, { id: number; name: string; shots: number; slices: Slice[] }>();
    for (const row of rows) {
      let campaign = campaigns.get(row.campaignId);
      if (!campaign) {
        campaign = { id: row.campaignId, name: row.campaignName, shots: 0, slices: [] };
        campaigns.set(row.campaignId, campaign);
      }
      campaign.shots += row.shots;
      campaign.slices.push({
        fragranceId: row.fragranceId,
        fragranceName: row.fragranceName,
        shots: row.shots,
      });
    }
    const sorted = [...campaigns.values()].sort(byShots);
    return (limit ? sorted.slice(0, DASHBOARD_TOP_CAMPAIGNS) : sorted).map((campaign) => ({
      campaignId: campaign.id,
      campaignName: campaign.name,
      fragrances: slices(campaign.slices, limit, othersName).map((slice) => ({
        fragranceId: slice.fragranceId,
        fragranceName: slice.fragranceName,
        shotsTotalFragrance: slice.shots,
      })),
    }));
  }

  function fragrancesOf(
    rows: CampaignFragranceCount[],
    limit: boolean,
    othersName: string,
  ): ShotsFragrance[] {
    const totals = new Map<number, Slice>();
    for (const row of rows) {
      const slice = totals.get(row.fragranceId) ?? {
        fragranceId: row.fragranceId,
        fragranceName: row.fragranceName,
        shots: 0,
      };
      slice.shots += row.shots;
      totals.set(row.fragranceId, slice);
    }
    return slices([...totals.values()], limit, othersName).map((slice) => ({
      fragranceId: slice.fragranceId,
      fragranceName: slice.fragranceName,
      shotsTotal: slice.shots,
    }));
  }

  /** What the sites table reads for these filters and sort, or null when the scope leaves nothing. */
  function sitesRead(query: DashboardSitesExportQuery, scope?: AccessScope) {
    const sort = query.sort ?? 'shots';
    const filter = filterOf(query, scope);
    const isOneOrganization =
      filter === null || filter.organizationId !== undefined || filter.locationId !== undefined;
    if (!isSiteSortOffered(sort, isOneOrganization))
      throw invalidFields({ path: 'sort', key: 'field.siteSortNeedsOrganization' });
    const ranges = rangesOf(query);
    if (!filter) return null;
    return {
      ranges,
      filter,
      groupBy: query.groupBy ?? 'organization',
      sort,
      order: query.order ?? (sort === 'name' ? 'asc' : 'desc'),
      offlineAfterMinutes: deps.offlineAfterMinutes,
      runningOutDays: deps.capsuleAlertDays,
    } as const;
  }

  return {
    /** `GET /shots-campaign`: campaigns most fired first, each with its fragrances (spec §3). */
    async shotsCampaign(
      query: DashboardQuery,
      othersName: string,
      scope?: AccessScope,
    ): Promise<ShotsCampaign[]> {
      return campaignsOf(await counts(query, scope), query.limit === 'true', othersName);
    },

    /** `GET /shots-fragrance`: every fragrance over all campaigns, most fired first. */
    async shotsFragrance(
      query: DashboardQuery,
      othersName: string,
      scope?: AccessScope,
    ): Promise<ShotsFragrance[]> {
      return fragrancesOf(await counts(query, scope), query.limit === 'true', othersName);
    },

    /** The campaigns chart unlimited, one row per campaign and fragrance, in the chart's order. */
    async campaignExportRows(query: DashboardQuery, scope?: AccessScope): Promise<ShotCampaignExportRow[]> {
      return campaignsOf(await counts(query, scope), false, '').flatMap((campaign) =>
        campaign.fragrances.map((fragrance) => ({
          campaignName: campaign.campaignName,
          fragranceName: fragrance.fragranceName,
          shots: fragrance.shotsTotalFragrance,
        })),
      );
    },

    /** The fragrances chart unlimited: every fragrance fired in the period. */
    async fragranceExportRows(query: DashboardQuery, scope?: AccessScope): Promise<ShotsFragrance[]> {
      return fragrancesOf(await counts(query, scope), false, '');
    },

    /**
     * The sites compared, one page: per organisation (default) or location, most shots first by
     * default; a member compares their own organisation's locations. A device or capsule sort needs
     * every site's figures: it is refused over the whole fleet (docs/decisions), offered within one
     * organisation.
     */
    async sites(query: DashboardSitesQuery, scope?: AccessScope): Promise<DashboardSitesPage> {
      const { page, perPage } = query;
      const read = sitesRead(query, scope);
      if (!read) return { data: [], total: 0, totalPages: 0 };
      const { rows, total } = await deps.repository.sitesPage({
        ...read,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return { data: rows, total, totalPages: Math.ceil(total / perPage) };
    },

    /** Every site of the table (same filters and sort), a batch at a time, for the export. */
    async *sitesBatches(
      query: DashboardSitesExportQuery,
      scope?: AccessScope,
    ): AsyncGenerator<DashboardSite[]> {
      const read = sitesRead(query, scope);
      if (!read) return;
      for (let offset = 0; ; offset += SITES_EXPORT_BATCH) {
        const { rows } = await deps.repository.sitesPage({ ...read, limit: SITES_EXPORT_BATCH, offset });
        if (rows.length > 0) yield rows;
        if (rows.length < SITES_EXPORT_BATCH) return;
      }
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
