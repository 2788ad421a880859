import type { CampaignBody } from '@scentia/shared/campaigns.schemas';
import type { Language } from '@scentia/shared/locales';
import { asc, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { campaigns, fragrances } from '../db/schema/index.ts';
import { resolveSigningKey } from '../lib/signing-key.ts';
import { CampaignsRepository } from '../modules/campaigns/campaigns.repository.ts';
import { createCampaignsService } from '../modules/campaigns/campaigns.service.ts';
import { createStorage } from '../services.ts';
import { fragranceArtwork } from './catalog.ts';

type CampaignPlan = {
  name: string;
  descriptions: Record<Language, string>;
  colors: [string, string];
  /** Where the collection starts and ends in the catalog (by id); slots 1 onwards. */
  from: number;
  to: number;
  state: 'default' | 'active' | 'inactive' | 'printedThenEdited';
};

/** Collections of 20, 8, 3 and 8 slots, overlapping, so the catalog shows fragrances in and out of them. */
const PLANS: CampaignPlan[] = [
  {
    name: 'Coleção Verão nas Lojas',
    descriptions: {
      'pt-BR': 'Frescor cítrico e floral para as vitrines de verão',
      'en-US': 'Citrus and floral freshness for the summer windows',
      'es-ES': 'Frescura cítrica y floral para los escaparates de verano',
    },
    colors: ['#F9C74F', '#F3722C'],
    from: 0,
    to: 20,
    state: 'default',
  },
  {
    name: 'Coleção Inverno Aconchego',
    descriptions: {
      'pt-BR': 'Notas quentes e amadeiradas para os dias frios',
      'en-US': 'Warm, woody notes for the cold days',
      'es-ES': 'Notas cálidas y amaderadas para los días fríos',
    },
    colors: ['#6D597A', '#355070'],
    from: 14,
    to: 22,
    state: 'printedThenEdited',
  },
  {
    name: 'Degustação Cítrica',
    descriptions: {
      'pt-BR': 'Três cítricos para provar no balcão',
      'en-US': 'Three citrus scents to try at the counter',
      'es-ES': 'Tres cítricos para probar en el mostrador',
    },
    colors: ['#90BE6D', '#43AA8B'],
    from: 0,
    to: 3,
    state: 'active',
  },
  {
    name: 'Dia das Mães 2025',
    descriptions: {
      'pt-BR': 'Campanha encerrada de florais delicados',
      'en-US': 'A finished campaign of delicate florals',
      'es-ES': 'Campaña terminada de florales delicados',
    },
    colors: ['#F4ACB7', '#9D8189'],
    from: 30,
    to: 38,
    state: 'inactive',
  },
];
const FRAGRANCES_NEEDED = Math.max(...PLANS.map((plan) => plan.to));

function bodyOf(plan: CampaignPlan, catalog: { id: number }[]): CampaignBody {
  return {
    name: plan.name,
    fragranceShots: 100,
    descriptions: Object.entries(plan.descriptions).map(([language, description]) => ({
      language: language as Language,
      description,
    })),
    collection: catalog.slice(plan.from, plan.to).map(({ id }, index) => ({
      slot: index + 1,
      fragranceId: id,
      shotSeconds: 3 + (index % 3),
    })),
  };
}

/**
 * Demo campaigns through the campaigns service (covers normalised and stored like uploads): a default
 * one filling all 20 slots, one whose printed QR code is out of date (saved after the print), a small
 * one and an inactive one. Skipped when any campaign exists already.
 */
export async function seedDemoCampaigns(db: Database, config: Config, log: FastifyBaseLogger) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(campaigns);
  if ((existing?.total ?? 0) > 0) return { campaigns: 0 };
  const catalog = await db
    .select({ id: fragrances.id })
    .from(fragrances)
    .where(isNull(fragrances.deletedAt))
    .orderBy(asc(fragrances.id))
    .limit(FRAGRANCES_NEEDED);
  if (catalog.length < FRAGRANCES_NEEDED) return { campaigns: 0 };

  const storage = createStorage(config, await resolveSigningKey(db, config.JWT_SECRET));
  const service = createCampaignsService({ repository: new CampaignsRepository(db), storage, log });
  for (const plan of PLANS) {
    const cover = await sharp(fragranceArtwork(plan.name, 'Campanha', plan.colors))
      .png()
      .toBuffer();
    const body = bodyOf(plan, catalog);
    const created = await service.create(body, { bytes: cover, fileName: 'demo.png' });
    const id = created.campaignId;
    if (plan.state === 'default') {
      await service.setDefault(id);
      await service.recordQrPrint(id, { kind: 'print', campaignUpdatedAt: created.updatedAt }, null);
    } else if (plan.state === 'inactive') {
      await service.deactivate(id);
    } else if (plan.state === 'printedThenEdited') {
      await service.recordQrPrint(id, { kind: 'png', campaignUpdatedAt: created.updatedAt }, null);
      await service.update(id, { ...body, fragranceShots: 120, updatedAt: created.updatedAt }, undefined);
    }
  }
  return { campaigns: PLANS.length };
}
