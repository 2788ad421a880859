import type { Language } from '@scentia/shared/locales';
import { and, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, categoryTranslations, fragrances } from '../../db/schema/index.ts';
import { type ListDefinition, type ListPlan, stateCondition } from '../../lib/list-query.ts';
import { countRows } from '../../lib/row-counts.ts';
import { allWordsIn, containsPattern } from '../../lib/search-text.ts';

// Qualified by hand: in a single-table query Drizzle writes columns without their table, and inside
// this subquery an unqualified "id" would be the fragrance's id.
const fragranceCount = sql<number>`(select count(*)::int from ${fragrances} where ${fragrances}.category_id = ${categories}.id)`;

export const categoriesList: ListDefinition = {
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
  tieBreaker: categories.id,
};

const columns = {
  id: categories.id,
  name: categories.name,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
  deletedAt: categories.deletedAt,
  fragranceCount,
};

export type Translation = { language: Language; name: string };

export class CategoriesRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: CategoriesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CategoriesRepository(tx as unknown as Database)));
  }

  private filters(plan: Pick<ListPlan, 'search' | 'isActive'>): SQL | undefined {
    const state = stateCondition(categories.deletedAt, plan.isActive);
    return and(state, ...allWordsIn(categories.searchText, plan.search));
  }

  private async attachTranslations<T extends { id: number }>(rows: T[]) {
    const ids = rows.map((row) => row.id);
    const translations = ids.length
      ? await this.db.select().from(categoryTranslations).where(inArray(categoryTranslations.categoryId, ids))
      : [];
    return rows.map((row) => ({
      ...row,
      translations: translations
        .filter((translation) => translation.categoryId === row.id)
        .map((translation) => ({ language: translation.language as Language, name: translation.name })),
    }));
  }

  async list(plan: ListPlan) {
    const where = this.filters(plan);
    const [rows, total] = await Promise.all([
      this.db
        .select(columns)
        .from(categories)
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
      plan.search
        ? this.db
            .select({ total: count() })
            .from(categories)
            .where(where)
            .then(([row]) => row?.total ?? 0)
        : countRows(this.db, 'categories', plan.isActive),
    ]);
    return { records: await this.attachTranslations(rows), total };
  }

  async *batches(plan: ListPlan, size = 2_000) {
    for (let offset = 0; ; offset += size) {
      // Categories are few (dozens): plain paging is enough here.
      const rows = await this.db
        .select(columns)
        .from(categories)
        .where(this.filters(plan))
        .orderBy(...plan.orderBy)
        .limit(size)
        .offset(offset);
      if (rows.length > 0) yield await this.attachTranslations(rows);
      if (rows.length < size) return;
    }
  }

  async findById(id: number) {
    const [row] = await this.db.select(columns).from(categories).where(eq(categories.id, id));
    return row ? (await this.attachTranslations([row]))[0] : undefined;
  }

  /** Active categories whose name contains the text, for the fragrance form's typeahead. */
  async quickSearch(text: string, limit: number) {
    return this.db
      .select({ categoryId: categories.id, name: categories.name })
      .from(categories)
      .where(
        and(
          isNull(categories.deletedAt),
          text ? sql`${categories.searchText} like ${containsPattern(text)}` : undefined,
        ),
      )
      .orderBy(categories.searchText)
      .limit(limit);
  }

  async insert(name: string): Promise<number> {
    const [row] = await this.db.insert(categories).values({ name }).returning({ id: categories.id });
    if (!row) throw new Error('Category not inserted');
    return row.id;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.update(categories).set({ name, updatedAt: new Date() }).where(eq(categories.id, id));
  }

  async replaceTranslations(id: number, translations: Translation[]): Promise<void> {
    await this.db.delete(categoryTranslations).where(eq(categoryTranslations.categoryId, id));
    if (translations.length > 0) {
      await this.db
        .insert(categoryTranslations)
        .values(translations.map((translation) => ({ ...translation, categoryId: id })));
    }
  }

  async setActive(id: number, isActive: boolean): Promise<void> {
    await this.db
      .update(categories)
      .set({ deletedAt: isActive ? null : new Date(), updatedAt: new Date() })
      .where(eq(categories.id, id));
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

export type CategoryRecord = NonNullable<Awaited<ReturnType<CategoriesRepository['findById']>>>;
