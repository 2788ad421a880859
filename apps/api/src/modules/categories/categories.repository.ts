import type { Language } from '@scentia/shared/locales';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, categoryTranslations, fragrances } from '../../db/schema/index.ts';
import { quickSearch, replaceChildRows, setActive } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, type RecordReader, resourceList } from '../../lib/resource-kit/resource-list.ts';

// Qualified by hand: in a single-table query Drizzle writes columns without their table, and inside
// this subquery an unqualified "id" would be the fragrance's id.
const fragranceCount = sql<number>`(select count(*)::int from ${fragrances} where ${fragrances}.category_id = ${categories}.id)`;

export type Translation = { language: Language; name: string };

/** Adds each category's translations (one query a page). */
async function attachTranslations<T extends { id: number }>(db: Database, rows: T[]) {
  const ids = rows.map((row) => row.id);
  const translations = ids.length
    ? await db.select().from(categoryTranslations).where(inArray(categoryTranslations.categoryId, ids))
    : [];
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
    'Category.Name': categories.searchText,
    name: categories.searchText,
    'Category.CreatedAt': categories.createdAt,
    createdAt: categories.createdAt,
    'Category.UpdatedAt': categories.updatedAt,
    updatedAt: categories.updatedAt,
    'Category.Id': categories.id,
    categoryId: categories.id,
    fragrances: fragranceCount,
  },
  defaultSort: 'Category.CreatedAt',
  rowCounts: 'categories',
  details: attachTranslations,
});

export type CategoryRecord = RecordOf<typeof categoriesList>;

export class CategoriesRepository {
  /** List, export and get reads (lib/resource-kit). */
  readonly reader: RecordReader<CategoryRecord>;

  constructor(readonly db: Database) {
    this.reader = categoriesList.on(db);
  }

  transaction<T>(work: (repository: CategoriesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CategoriesRepository(tx as unknown as Database)));
  }

  /** Active categories whose name contains the text, for the fragrance form's typeahead. */
  quickSearch(text: string, limit: number) {
    const fields = { categoryId: categories.id, name: categories.name };
    return quickSearch(
      this.db,
      { table: categories, searchText: categories.searchText, fields },
      text,
      limit,
    );
  }

  async insert(name: string): Promise<number> {
    const [row] = await this.db.insert(categories).values({ name }).returning({ id: categories.id });
    if (!row) throw new Error('Category not inserted');
    return row.id;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.update(categories).set({ name, updatedAt: new Date() }).where(eq(categories.id, id));
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

  setActive(id: number, isActive: boolean): Promise<void> {
    return setActive(this.db, categories, id, isActive);
  }

  /** Deletes an inactive category without fragrances; false when that no longer holds. */
  async deletePermanently(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(categories)
      .where(
        and(
          eq(categories.id, id),
          isNotNull(categories.deletedAt),
          sql`not exists (select 1 from ${fragrances} where ${fragrances}.category_id = ${categories}.id)`,
        ),
      )
      .returning({ id: categories.id });
    return rows.length === 1;
  }
}
