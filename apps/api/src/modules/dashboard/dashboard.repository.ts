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
   * The last UTC day the roll-ups hold (migration 0029). The same statement has the rest of the
   * transaction plan the dashboard's statements with their values, as the server's connections do
   * (db/client.ts), even when it follows a list's statements planned once in a member's transaction
   * (db/member-transaction-postgres.ts, whose mode its first statement sets): the counts' generic plan runs 3–4× slower
   * than the one made for the period's days (docs/performance/member-cost.md). Outside a transaction
   * (the staff's) the setting ends with the statement.
   */
  private async rolledThrough(): Promise<string> {
    const [row] = await rowsOf<{ day: string | null }>(
      this.db.execute(sql`select (select rolled_through::text from shot_rollup_state where id = 1) as day,
        set_config('plan_cache_mode', 'force_custom_plan', true) as mode`),
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
