import { z } from 'zod';
import { periodDaySchema } from './dates.schemas.ts';
import { idTextSchema } from './integers.schemas.ts';
import { listQuerySchema, pageOf } from './list.schemas.ts';
import { timeZoneSchema } from './locations.schemas.ts';

/** The period the dashboard shows when none is chosen: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest period one request may ask for, in days (a leap year). */
export const DASHBOARD_MAX_DAYS = 366;
/** With `limit=true`, a chart shows this many fragrances by shots; the rest are summed as "others". */
export const DASHBOARD_TOP_FRAGRANCES = 8;
/** With `limit=true`, the campaigns chart shows this many campaigns, those with the most shots. */
export const DASHBOARD_TOP_CAMPAIGNS = 12;

/** `to` before `from`, or a period longer than `DASHBOARD_MAX_DAYS` (named in the message), is refused. */
function refinePeriod(query: { from?: string; to?: string }, context: z.RefinementCtx) {
  if (!query.from || !query.to) return;
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
  if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: 'periodReversed' });
  else if (days + 1 > DASHBOARD_MAX_DAYS)
    context.addIssue({ code: 'custom', path: ['to'], message: 'periodTooLong', maximum: DASHBOARD_MAX_DAYS });
}

/**
 * The dashboard's filters, the same for every call and export: a period of whole days `from`..`to`
 * (both included) read in `timeZone`, and optionally one organisation or one location. Shots are
 * counted by UTC hour, so in a zone whose offset is not a whole hour the period's edges fall on the
 * hour that contains them (docs/decisions/dashboard.md). Absent dates default to the last
 * `DASHBOARD_DEFAULT_DAYS` days in the zone; `to` before `from`, or a period longer than
 * `DASHBOARD_MAX_DAYS`, is refused.
 */
export const dashboardQuerySchema = z
  .object({
    from: periodDaySchema.optional(),
    to: periodDaySchema.optional(),
    timeZone: timeZoneSchema,
    organizationId: idTextSchema.optional(),
    locationId: idTextSchema.optional(),
    /** Spec §9: the dashboard asks with `limit=true` (see the TOP constants). */
    limit: z.enum(['true', 'false']).optional(),
  })
  .superRefine(refinePeriod);
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The period a list counts its rows' shots in (the devices and capsules lists, opened from a dashboard
 * slice with the dashboard's filters): whole days `from`..`to`, both included. Without either end the
 * list counts nothing; with one, the other defaults as the dashboard's do. A reversed or too long
 * period is refused as the dashboard refuses it (on the server, since the lists' schemas are extended).
 */
export const listShotPeriodShape = {
  from: periodDaySchema.optional(),
  to: periodDaySchema.optional(),
};

/**
 * One slice: a fragrance and its shots. `fragranceId` is null for the "others" slice of a limited
 * answer (its name localised); the web client colours a slice by its fragrance id.
 */
export const fragranceShotsSchema = z.object({
  fragranceId: z.number().int().nullable(),
  fragranceName: z.string(),
  shotsTotalFragrance: z.number().int(),
});

/** `GET /api/shots-campaign` (spec §3 Shots per campaign): campaigns with shots in the period, most first. */
export const shotsCampaignSchema = z.object({
  campaignId: z.number().int(),
  campaignName: z.string(),
  fragrances: z.array(fragranceShotsSchema),
});
export type ShotsCampaign = z.infer<typeof shotsCampaignSchema>;

/** `GET /api/shots-fragrance` (spec §3 Shots per fragrance): zero totals left out, most first. */
export const shotsFragranceSchema = z.object({
  fragranceId: z.number().int().nullable(),
  fragranceName: z.string(),
  shotsTotal: z.number().int(),
});
export type ShotsFragrance = z.infer<typeof shotsFragranceSchema>;

/** The sites table: per organisation or per location. */
export const SITE_GROUPS = ['organization', 'location'] as const;
export const SITE_SORTS = ['name', 'shots', 'activeDevices', 'offlineDevices', 'capsulesRunningOut'] as const;
export type SiteSort = (typeof SITE_SORTS)[number];
/**
 * The sorts a page of the whole fleet can be chosen by without every site's figures: the name, and the
 * period's shots (from the roll-ups). The device and capsule sorts need every site's figures as they are
 * now, so they are offered within one organisation (a filter, or a member's own), not fleet-wide.
 */
export const FLEET_SITE_SORTS = ['name', 'shots'] as const satisfies readonly SiteSort[];

/** Whether `sort` may be asked for over these sites (`isOneOrganization`: filtered to one, or a member's). */
export function isSiteSortOffered(sort: SiteSort, isOneOrganization: boolean): boolean {
  return isOneOrganization || (FLEET_SITE_SORTS as readonly SiteSort[]).includes(sort);
}

const sitesFilterFields = {
  from: periodDaySchema.optional(),
  to: periodDaySchema.optional(),
  timeZone: timeZoneSchema.optional(),
  organizationId: idTextSchema.optional(),
  locationId: idTextSchema.optional(),
  groupBy: z.enum(SITE_GROUPS).optional(),
  sort: z.enum(SITE_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
};

/** `GET /api/dashboard/sites/export`: the table's filters and sort, every site (never paged). */
export const dashboardSitesExportQuerySchema = z.object(sitesFilterFields).superRefine(refinePeriod);
export type DashboardSitesExportQuery = z.infer<typeof dashboardSitesExportQuerySchema>;

/** `GET /api/dashboard/sites`: the same, one page of them (the list contract's `page` and `perPage`). */
export const dashboardSitesQuerySchema = z
  .object({
    ...sitesFilterFields,
    page: listQuerySchema.shape.page,
    perPage: listQuerySchema.shape.perPage,
  })
  .superRefine(refinePeriod);
export type DashboardSitesQuery = z.infer<typeof dashboardSitesQuerySchema>;

/**
 * `GET /api/dashboard/sites`: one row per organisation (or location, with its organisation), every
 * active one listed even without shots. Shots are the period's; the device and capsule figures are
 * as they are now: active devices, those of them not heard from for `DEVICE_OFFLINE_AFTER_MINUTES`,
 * and capsules in them forecast to run out within `ALERT_CAPSULE_DAYS` (or already empty).
 */
export const dashboardSiteSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  shots: z.number().int(),
  activeDevices: z.number().int(),
  offlineDevices: z.number().int(),
  capsulesRunningOut: z.number().int(),
});
export type DashboardSite = z.infer<typeof dashboardSiteSchema>;

/** One page of sites, with how many there are in all (the list contract's answer). */
export const dashboardSitesPageSchema = pageOf(dashboardSiteSchema);
export type DashboardSitesPage = z.infer<typeof dashboardSitesPageSchema>;
