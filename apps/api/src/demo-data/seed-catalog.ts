import { LANGUAGES } from '@scentia/shared/locales';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { categories } from '../db/schema/index.ts';
import { resolveSigningKey } from '../lib/signing-key.ts';
import { CategoriesRepository } from '../modules/categories/categories.repository.ts';
import { FragrancesRepository } from '../modules/fragrances/fragrances.repository.ts';
import { createFragrancesService } from '../modules/fragrances/fragrances.service.ts';
import { createStorage } from '../services.ts';
import { DEMO_CATEGORIES, fragranceArtwork } from './catalog.ts';

/**
 * The demo catalog, through the same repositories and image pipeline as the API (so the pictures are
 * normalised and stored exactly like uploads). Skipped when any category exists already.
 */
export async function seedDemoCatalog(db: Database, config: Config, log: FastifyBaseLogger) {
  const [existing] = await db.select({ total: sql<number>`count(*)::int` }).from(categories);
  if ((existing?.total ?? 0) > 0) return { categories: 0, fragrances: 0 };

  const storage = createStorage(config, await resolveSigningKey(db, config.JWT_SECRET));
  const categoriesRepository = new CategoriesRepository(db);
  const fragrancesService = createFragrancesService({
    repository: new FragrancesRepository(db),
    storage,
    log,
  });
  let fragranceCount = 0;
  for (const category of DEMO_CATEGORIES) {
    const categoryId = await categoriesRepository.transaction(async (tx) => {
      const id = await tx.insert({ name: category.names['pt-BR'] });
      await tx.replaceTranslations(
        id,
        LANGUAGES.map((language) => ({ language, name: category.names[language] })),
      );
      return id;
    });
    for (const name of category.fragrances) {
      const picture = await sharp(fragranceArtwork(name, category.names['pt-BR'], category.colors))
        .png()
        .toBuffer();
      await fragrancesService.create(
        {
          name,
          description: `${name}: ${category.way['pt-BR'].toLowerCase()}.`,
          ofactoryWay: category.way['pt-BR'],
          categoryId,
          translations: LANGUAGES.map((language) => ({
            language,
            description: null,
            ofactoryWay: category.way[language],
          })),
        },
        { bytes: picture, fileName: 'demo.png' },
      );
      fragranceCount += 1;
    }
  }
  return { categories: DEMO_CATEGORIES.length, fragrances: fragranceCount };
}
