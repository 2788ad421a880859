import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CountRanges } from '../../lib/count-period.ts';
import { type CampaignFragranceCount, campaignCounts, type SiteFilter } from './dashboard-counts.sql.ts';
import { type SitesRead, sitesPageStatement } from './dashboard-sites.sql.ts';

export type { CampaignFragranceCount, SiteFilter } from './dashboard-counts.sql.ts';

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export type SiteFigures = {
  organizationId: number;
  organizationName: string;
  locationId: number | null;
  locationName: string | null;
  shots: number;
  activeDevices: number;
  offlineDevices: number;
  capsulesRunningOut: number;
};

type SiteRow = Omit<SiteFigures, 'shots' | 'organizationId'> & {
  total: string;
  organizationId: number | null;
  shots: string;
};

/** The dashboard's reads: sums of the pre-aggregated shot counts, and the fleet as it is now. */
export class DashboardRepository {
  constructor(private readonly db: Database) {}

  /**
   * The last UTC day the roll-ups hold (migration 0029). As the dashboard's first statement it also
   * keeps a member's transaction planning with values (db/member-transaction-postgres.ts).
   */
  private async rolledThrough(): Promise<string> {
    const [row] = await rowsOf<{ day: string }>(
      this.db.execute(sql`select rolled_through::text as day from shot_rollup_state where id = 1`),
    );
    return row?.day ?? '0001-01-01';
  }

  /** Shots per campaign and fragrance in the period; zero totals left out. */
  async campaignFragranceCounts(ranges: CountRanges, filter: SiteFilter): Promise<CampaignFragranceCount[]> {
    const counts = campaignCounts(ranges, filter, await this.rolledThrough());
    const rows = await rowsOf<CampaignFragranceCount>(
      this.db.execute(sql`
        select t.campaign_id as "campaignId", c.name as "campaignName", t.fragrance_id as "fragranceId",
          f.name as "fragranceName", t.shots::text as shots
        from (select campaign_id, fragrance_id, sum(shots) as shots from (${counts}) u
              group by campaign_id, fragrance_id) t
        join campaigns c on c.id = t.campaign_id
        join fragrances f on f.id = t.fragrance_id
        where t.shots > 0`),
    );
    return rows.map((row) => ({ ...row, shots: Number(row.shots) }));
  }

  /**
   * One page of the active organisations (or locations, with their organisation) the filter keeps,
   * even without shots: the period's shots, and the active devices, the offline ones among them and the
   * capsules in them running out, as they are now; sorted by `sort`, ties by name then id. `total`:
   * how many sites there are in all.
   */
  async sitesPage(read: SitesRead): Promise<{ rows: SiteFigures[]; total: number }> {
    const rows = await rowsOf<SiteRow>(this.db.execute(sitesPageStatement(read, await this.rolledThrough())));
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.flatMap(({ total: _total, organizationId, shots, ...row }) =>
        organizationId === null ? [] : [{ ...row, organizationId, shots: Number(shots) }],
      ),
    };
  }
}
