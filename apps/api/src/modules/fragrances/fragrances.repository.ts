import type { Language } from '@scentia/shared/locales';
import { and, count, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaignSlots, categories, fragrances, fragranceTranslations } from '../../db/schema/index.ts';
import { type ListDefinition, type ListPlan, stateCondition } from '../../lib/list-query.ts';
import { countRows } from '../../lib/row-counts.ts';
import { containsPattern } from '../../lib/search-text.ts';

export const fragrancesList: ListDefinition = {
  sortable: {
    'Fragrance.Name': fragrances.searchText,
    name: fragrances.searchText,
    'Fragrance.Id': fragrances.id,
    fragranceId: fragrances.id,
    'Category.Name': categories.searchText,
    category: categories.searchText,
    'Fragrance.CreatedAt': fragrances.createdAt,
    createdAt: fragrances.createdAt,
    'Fragrance.UpdatedAt': fragrances.updatedAt,
    updatedAt: fragrances.updatedAt,
  },
  defaultSort: 'Fragrance.CreatedAt',
  tieBreaker: fragrances.id,
};

const columns = {
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
};

export type FragranceTranslation = {
  language: Language;
  description: string | null;
  olfactoryWay: string | null;
};
export type FragranceValues = {
  name: string;
  description: string | null;
  olfactoryWay: string;
  categoryId: number;
};

/** The fragrance sits in no campaign's collection (checked in the statement that depends on it). */
const inNoCollection = (id: number) =>
  sql`not exists (select 1 from ${campaignSlots} where ${campaignSlots.fragranceId} = ${id})`;

export class FragrancesRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (repository: FragrancesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FragrancesRepository(tx as unknown as Database)));
  }

  /** Search matches the fragrance's name or its category's name; every word must match one of them. */
  private filters(plan: Pick<ListPlan, 'search' | 'isActive'>): SQL | undefined {
    const words = (plan.search ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
    const state = stateCondition(fragrances.deletedAt, plan.isActive);
    return and(
      state,
      ...words.map((word) =>
        or(
          sql`${fragrances.searchText} like ${containsPattern(word)}`,
          sql`${categories.searchText} like ${containsPattern(word)}`,
        ),
      ),
    );
  }

  /** Adds each row's translations and the campaign collections it sits in (two queries per page). */
  private async attachDetails<T extends { id: number }>(rows: T[]) {
    const ids = rows.map((row) => row.id);
    const [translations, slots] = ids.length
      ? await Promise.all([
          this.db.select().from(fragranceTranslations).where(inArray(fragranceTranslations.fragranceId, ids)),
          this.db
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

  private select() {
    return this.db
      .select(columns)
      .from(fragrances)
      .innerJoin(categories, eq(fragrances.categoryId, categories.id));
  }

  async list(plan: ListPlan) {
    const where = this.filters(plan);
    const [rows, total] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
      plan.search
        ? this.db
            .select({ total: count() })
            .from(fragrances)
            .innerJoin(categories, eq(fragrances.categoryId, categories.id))
            .where(where)
            .then(([row]) => row?.total ?? 0)
        : countRows(this.db, 'fragrances', plan.isActive),
    ]);
    return { records: await this.attachDetails(rows), total };
  }

  async *batches(plan: ListPlan, size = 1_000) {
    for (let offset = 0; ; offset += size) {
      // The catalog holds hundreds of fragrances, not millions: plain paging is enough here.
      const rows = await this.select()
        .where(this.filters(plan))
        .orderBy(...plan.orderBy)
        .limit(size)
        .offset(offset);
      if (rows.length > 0) yield await this.attachDetails(rows);
      if (rows.length < size) return;
    }
  }

  async findById(id: number) {
    const [row] = await this.select().where(eq(fragrances.id, id));
    return row ? (await this.attachDetails([row]))[0] : undefined;
  }

  async quickSearch(text: string, limit: number) {
    return this.db
      .select({ fragranceId: fragrances.id, name: fragrances.name })
      .from(fragrances)
      .where(
        and(
          isNull(fragrances.deletedAt),
          text ? sql`${fragrances.searchText} like ${containsPattern(text)}` : undefined,
        ),
      )
      .orderBy(fragrances.searchText)
      .limit(limit);
  }

  async isCategoryActive(categoryId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), isNull(categories.deletedAt)));
    return row !== undefined;
  }

  async insert(values: FragranceValues & { imageKey: string; thumbnailKey: string }): Promise<number> {
    const [row] = await this.db.insert(fragrances).values(values).returning({ id: fragrances.id });
    if (!row) throw new Error('Fragrance not inserted');
    return row.id;
  }

  async update(
    id: number,
    values: Partial<FragranceValues & { imageKey: string; thumbnailKey: string }>,
  ): Promise<void> {
    await this.db
      .update(fragrances)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(fragrances.id, id));
  }

  async replaceTranslations(id: number, translations: FragranceTranslation[]): Promise<void> {
    await this.db.delete(fragranceTranslations).where(eq(fragranceTranslations.fragranceId, id));
    if (translations.length > 0) {
      await this.db
        .insert(fragranceTranslations)
        .values(translations.map((translation) => ({ ...translation, fragranceId: id })));
    }
  }

  async activate(id: number): Promise<void> {
    await this.db
      .update(fragrances)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(eq(fragrances.id, id));
  }

  /**
   * Deactivates an active fragrance unless it sits in a campaign collection, in one statement so that
   * a collection saved at the same moment cannot slip between the check and the update.
   * @returns false when the fragrance is in a collection (and stays active).
   */
  async deactivateOutsideCollections(id: number): Promise<boolean> {
    const rows = await this.db
      .update(fragrances)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(fragrances.id, id), isNull(fragrances.deletedAt), inNoCollection(id)))
      .returning({ id: fragrances.id });
    return rows.length === 1;
  }

  /** Deletes an inactive fragrance that no collection holds; false when either rule refuses. */
  async deleteInactive(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(fragrances)
      .where(and(eq(fragrances.id, id), isNotNull(fragrances.deletedAt), inNoCollection(id)))
      .returning({ id: fragrances.id });
    return rows.length === 1;
  }
}

export type FragranceRecord = NonNullable<Awaited<ReturnType<FragrancesRepository['findById']>>>;
