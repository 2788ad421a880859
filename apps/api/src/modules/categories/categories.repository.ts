import { CATEGORY_FRAGRANCES_SHOWN } from '@scentia/shared/categories.schemas';
import type { Language } from '@scentia/shared/locales';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, categoryTranslations, fragrances } from '../../db/schema/index.ts';
import { kitSorts } from '../../lib/resource-kit/kit-list.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import { type HeldRecord, replaceChildRows } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';

// Qualified by hand: in a single-table query Drizzle writes columns without their table, and inside
// this subquery an unqualified "id" would be the fragrance's id.
const fragranceCount = sql<number>`(select count(*)::int from ${fragrances} where ${fragrances}.category_id = ${categories}.id)`;

export type Translation = { language: Language; name: string };
type FragranceSample = { fragranceId: number; name: string };

/**
 * A few of each category's fragrances (spec §3 Category: fragrances): one query a page, and at most
 * CATEGORY_FRAGRANCES_SHOWN index entries read a category, however many it holds (`fragranceCount` says
 * how many in all). Which few is left to the category index on purpose: asking for the first ones by id
 * or name would read and sort every fragrance of a large category on each page.
 */
type SampleRow = { category_id: number; id: number; name: string };

async function fragranceSamples(db: Database, ids: number[]): Promise<Map<number, FragranceSample[]>> {
  const samples = new Map<number, FragranceSample[]>();
  if (ids.length === 0) return samples;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select category.id as category_id, sample.id, sample.name
    from unnest(array[${idList}]::int[]) as category(id)
    cross join lateral (
      select ${fragrances.id} as id, ${fragrances.name} as name from ${fragrances}
      where ${fragrances.categoryId} = category.id
      limit ${CATEGORY_FRAGRANCES_SHOWN}
    ) as sample
    order by category.id, sample.id`);
  for (const row of (result as unknown as { rows: SampleRow[] }).rows) {
    const list = samples.get(row.category_id) ?? [];
    list.push({ fragranceId: row.id, name: row.name });
    samples.set(row.category_id, list);
  }
  return samples;
}

/** Adds each category's translations and a few of its fragrances (two queries a page). */
async function attachDetails<T extends { id: number }>(db: Database, rows: T[]) {
  const ids = rows.map((row) => row.id);
  const [translations, samples] = await Promise.all([
    ids.length
      ? db.select().from(categoryTranslations).where(inArray(categoryTranslations.categoryId, ids))
      : [],
    fragranceSamples(db, ids),
  ]);
  return rows.map((row) => ({
    ...row,
    translations: translations
      .filter((translation) => translation.categoryId === row.id)
      .map(
        (translation): Translation => ({
          language: translation.language as Language,
          name: translation.name,
        }),
      ),
    fragrances: samples.get(row.id) ?? [],
  }));
}

export const categoriesList = resourceList({
  table: categories,
  id: categories.id,
  deletedAt: categories.deletedAt,
  columns: {
    id: categories.id,
    name: categories.name,
    createdAt: categories.createdAt,
    updatedAt: categories.updatedAt,
    deletedAt: categories.deletedAt,
    fragranceCount,
  },
  searchIn: [categories.searchText],
  sortable: {
    ...kitSorts('Category', {
      name: categories.searchText,
      createdAt: categories.createdAt,
      updatedAt: categories.updatedAt,
      categoryId: categories.id,
    }),
    fragrances: fragranceCount,
  },
  defaultSort: 'Category.CreatedAt',
  rowCounts: 'categories',
  details: attachDetails,
});

export type CategoryRecord = RecordOf<typeof categoriesList>;

/** A category with fragrances stays active and is not deleted (spec §4 Category). */
const hasFragrances = (id: HeldRecord) =>
  sql`exists (select 1 from ${fragrances} where ${fragrances.categoryId} = ${id})`;

type CategoryOption = { categoryId: typeof categories.id; name: typeof categories.name };

export class CategoriesRepository extends KitRepository<CategoryRecord, CategoryOption, typeof categories> {
  constructor(db: Database) {
    super(db, {
      list: categoriesList,
      writes: { table: categories, keepsActive: hasFragrances, keepsRow: hasFragrances },
      // The fragrance form's typeahead finds an active category by its name.
      typeahead: {
        searchText: categories.searchText,
        fields: { categoryId: categories.id, name: categories.name },
      },
    });
  }

  replaceTranslations(id: number, translations: Translation[]): Promise<void> {
    const rows = translations.map((translation) => ({ ...translation, categoryId: id }));
    return replaceChildRows(
      this.db,
      categoryTranslations,
      { column: categoryTranslations.categoryId, id },
      rows,
    );
  }
}
