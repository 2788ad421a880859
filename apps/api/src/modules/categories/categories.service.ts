import { type CategoryAction, categoryActionRefusal } from '@scentia/shared/categories.rules';
import type { CategoryBody, CategoryRow } from '@scentia/shared/categories.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { type CategoriesRepository, type CategoryRecord, categoriesList } from './categories.repository.ts';

const QUICK_SEARCH_LIMIT = 10;

function toCategoryRow(record: CategoryRecord): CategoryRow {
  return {
    categoryId: record.id,
    name: record.name,
    translations: record.translations,
    fragranceCount: record.fragranceCount,
    fragrances: record.fragrances,
    ativo: record.deletedAt === null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    deletedAt: record.deletedAt?.toISOString() ?? null,
  };
}

/** Throws the 409 the shared rule names when `action` is refused on this category. */
function assertAllowed(record: CategoryRecord, action: CategoryAction): void {
  const state = { isActive: record.deletedAt === null, fragranceCount: record.fragranceCount };
  const refusal = categoryActionRefusal(state, action);
  if (refusal) throw new AppError(refusal);
}

/**
 * Fragrance categories. The rules of spec §4 Category (edit only while active; an active category with
 * fragrances stays active; permanent delete only when inactive and without fragrances) are the ones the
 * web hides its actions by (packages/shared/src/categories.rules.ts), enforced here with their 409s.
 */
export function createCategoriesService(repository: CategoriesRepository) {
  const reads = recordReads({ list: categoriesList, reader: repository.reader, toRow: toCategoryRow });
  const { getRecord } = reads;

  /** Runs a write that may hit the unique name; a taken name is a 409, not a 500. */
  async function guardName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.NAME_TAKEN);
      throw error;
    }
  }

  return {
    list: reads.list,
    exportBatches: reads.exportBatches,
    get: reads.get,

    quickSearch: (text: string) => repository.quickSearch(text, QUICK_SEARCH_LIMIT),

    async create(body: CategoryBody): Promise<CategoryRow> {
      const id = await guardName(() =>
        repository.transaction(async (tx) => {
          const created = await tx.insert(body.name);
          await tx.replaceTranslations(created, body.translations);
          return created;
        }),
      );
      return toCategoryRow(await getRecord(id));
    },

    async update(id: number, body: CategoryBody): Promise<CategoryRow> {
      assertAllowed(await getRecord(id), 'edit');
      await guardName(() =>
        repository.transaction(async (tx) => {
          await tx.rename(id, body.name);
          await tx.replaceTranslations(id, body.translations);
        }),
      );
      return toCategoryRow(await getRecord(id));
    },

    /** `DELETE` without hardDelete: deactivates (soft delete); idempotent on an inactive category. */
    async deactivate(id: number): Promise<void> {
      const current = await getRecord(id);
      if (current.deletedAt) return;
      assertAllowed(current, 'toggle');
      await repository.setActive(id, false);
    },

    async activate(id: number): Promise<CategoryRow> {
      await getRecord(id);
      await repository.setActive(id, true);
      return toCategoryRow(await getRecord(id));
    },

    async deletePermanently(id: number): Promise<void> {
      assertAllowed(await getRecord(id), 'delete');
      // Checked again in the statement itself, in case a fragrance arrived meanwhile.
      if (!(await repository.transaction((tx) => tx.deletePermanently(id))))
        throw new AppError(ErrorCode.CATEGORY_HAS_FRAGRANCES);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
