import { asc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campaignSlots, campaigns, fragrances } from '../db/schema/index.ts';

const DEVICE_SLOTS = 20;
/** Where each campaign's collection starts and ends in the catalog (by id), overlapping by 6. */
const PLANS = [
  { name: 'Coleção Verão nas Lojas', isDefault: true, from: 0, to: DEVICE_SLOTS },
  { name: 'Coleção Inverno Aconchego', isDefault: false, from: 14, to: 26 },
];
const FRAGRANCES_NEEDED = Math.max(...PLANS.map((plan) => plan.to));

/**
 * Two demo campaigns whose collections hold part of the demo catalog: the default one fills all 20
 * slots with the first fragrances, the other 12 slots further on, so the catalog shows fragrances
 * inside and outside collections. Skipped when any campaign exists already.
 */
export async function seedDemoCampaigns(db: Database) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(campaigns);
  if ((existing?.total ?? 0) > 0) return { campaigns: 0 };
  const catalog = await db
    .select({ id: fragrances.id })
    .from(fragrances)
    .where(isNull(fragrances.deletedAt))
    .orderBy(asc(fragrances.id))
    .limit(FRAGRANCES_NEEDED);
  if (catalog.length < FRAGRANCES_NEEDED) return { campaigns: 0 };

  await db.transaction(async (tx) => {
    for (const plan of PLANS) {
      const [campaign] = await tx
        .insert(campaigns)
        .values({ name: plan.name, isDefault: plan.isDefault })
        .returning({ id: campaigns.id });
      if (!campaign) throw new Error('Campaign not inserted');
      await tx.insert(campaignSlots).values(
        catalog.slice(plan.from, plan.to).map(({ id }, index) => ({
          campaignId: campaign.id,
          slot: index + 1,
          fragranceId: id,
          shotSeconds: 1 + (index % 3),
        })),
      );
    }
  });
  return { campaigns: PLANS.length };
}
