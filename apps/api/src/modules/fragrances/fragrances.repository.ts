import type { Language } from '@scentia/shared/locales';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaignSlots, categories, fragrances, fragranceTranslations } from '../../db/schema/index.ts';
import { kitSorts } from '../../lib/resource-kit/kit-list.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import { type HeldRecord, replaceChildRows } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';

/** Adds each row's translations and the campaign collections it sits in (two queries per page). */
async function attachDetails<T extends { id: number }>(db: Database, rows: T[]) {
  const ids = rows.map((row) => row.id);
  const [translations, slots] = ids.length
    ? await Promise.all([
        db.select().from(fragranceTranslations).where(inArray(fragranceTranslations.fragranceId, ids)),
        db
          .select()
          .from(campaignSlots)
          .where(inArray(campaignSlots.fragranceId, ids))
          .orderBy(campaignSlots.campaignId, campaignSlots.slot),
      ])
    : [[], []];
  return rows.map((row) => ({
    ...row,
    translations: translations
      .filter((translation) => translation.fragranceId === row.id)
      .map(({ language, description, olfactoryWay }) => ({
        language: language as Language,
        description,
        olfactoryWay,
      })),
    collections: slots
      .filter((slot) => slot.fragranceId === row.id)
      .map(({ campaignId, slot }) => ({ campaignId, slot })),
  }));
}

export const fragrancesList = resourceList({
  table: fragrances,
  id: fragrances.id,
  deletedAt: fragrances.deletedAt,
  columns: {
    id: fragrances.id,
    name: fragrances.name,
    description: fragrances.description,
    olfactoryWay: fragrances.olfactoryWay,
    categoryId: fragrances.categoryId,
    categoryName: categories.name,
    imageKey: fragrances.imageKey,
    thumbnailKey: fragrances.thumbnailKey,
    createdAt: fragrances.createdAt,
    updatedAt: fragrances.updatedAt,
    deletedAt: fragrances.deletedAt,
  },
  joins: (query) => query.innerJoin(categories, eq(fragrances.categoryId, categories.id)),
  // A search matches the fragrance's name or its category's name; every word must match one of them.
  searchIn: [fragrances.searchText, categories.searchText],
  sortable: kitSorts('Fragrance', {
    name: fragrances.searchText,
    fragranceId: fragrances.id,
    category: { column: categories.searchText, as: 'Category.Name' },
    createdAt: fragrances.createdAt,
    updatedAt: fragrances.updatedAt,
  }),
  defaultSort: 'Fragrance.CreatedAt',
  rowCounts: 'fragrances',
  details: attachDetails,
});

export type FragranceRecord = RecordOf<typeof fragrancesList>;

export type FragranceTranslation = {
  language: Language;
  description: string | null;
  olfactoryWay: string | null;
};
/** A fragrance in a campaign's collection stays active and is not deleted (spec §4 Fragrance). */
const inCollection = (id: HeldRecord) =>
  sql`exists (select 1 from ${campaignSlots} where ${campaignSlots.fragranceId} = ${id})`;

type FragranceOption = { fragranceId: typeof fragrances.id; name: typeof fragrances.name };

/** The stored files of a fragrance's image and thumbnail. */
export type ImageKeys = { imageKey: string; thumbnailKey: string };

export class FragrancesRepository extends KitRepository<FragranceRecord, FragranceOption, typeof fragrances> {
  constructor(db: Database) {
    super(db, {
      list: fragrancesList,
      writes: { table: fragrances, keepsActive: inCollection, keepsRow: inCollection },
      // The campaign form's typeahead finds an active fragrance by its name.
      typeahead: {
        searchText: fragrances.searchText,
        fields: { fragranceId: fragrances.id, name: fragrances.name },
      },
    });
  }

  async isCategoryActive(categoryId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), isNull(categories.deletedAt)));
    return row !== undefined;
  }

  replaceTranslations(id: number, translations: FragranceTranslation[]): Promise<void> {
    const rows = translations.map((translation) => ({ ...translation, fragranceId: id }));
    return replaceChildRows(
      this.db,
      fragranceTranslations,
      { column: fragranceTranslations.fragranceId, id },
      rows,
    );
  }
}
