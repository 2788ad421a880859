import { asc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { campaignSlots, campaigns, fragrances } from '../db/schema/index.ts';

const DEVICE_SLOTS = 20;

/**
 * Two demo campaigns whose collections hold part of the demo catalog: the default one fills all 20
 * slots with the first fragrances, the other 12 slots further on (overlapping the first by 6), so the
 * catalog shows fragrances inside and outside collections. Skipped when any campaign exists already.
 */
export async function seedDemoCampaigns(db: Database) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(campaigns);
  if ((existing?.total ?? 0) > 0) return { campaigns: 0 };
  const catalog = await db
    .select({ id: fragrances.id })
    .from(fragrances)
    .where(isNull(fragrances.deletedAt))
    .orderBy(asc(fragrances.id))
    .limit(26);
  if (catalog.length < 26) return { campaigns: 0 };

  const plans = [
    { name: 'Coleção Verão nas Lojas', isDefault: true, ids: catalog.slice(0, DEVICE_SLOTS) },
    { name: 'Coleção Inverno Aconchego', isDefault: false, ids: catalog.slice(14, 26) },
  ];
  await db.transaction(async (tx) => {
    for (const plan of plans) {
      const [campaign] = await tx
        .insert(campaigns)
        .values({ name: plan.name, isDefault: plan.isDefault, fragranceShots: 100 })
        .returning({ id: campaigns.id });
      if (!campaign) throw new Error('Campaign not inserted');
      await tx.insert(campaignSlots).values(
        plan.ids.map(({ id }, index) => ({
          campaignId: campaign.id,
          slot: index + 1,
          fragranceId: id,
          shotSeconds: 1 + (index % 3),
        })),
      );
    }
  });
  return { campaigns: plans.length };
}
