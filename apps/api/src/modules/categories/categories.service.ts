import { type CategoryAction, categoryActionRefusal } from '@scentia/shared/categories.rules';
import type { CategoryBody, CategoryRow } from '@scentia/shared/categories.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import { AppError } from '../../lib/app-error.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { guardUniqueName, recordStates } from '../../lib/resource-kit/record-states.ts';
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

/**
 * Fragrance categories. The rules of spec §4 Category (edit only while active; an active category with
 * fragrances stays active; permanent delete only when inactive and without fragrances) are the ones the
 * web hides its actions by (packages/shared/src/categories.rules.ts), enforced here with their 409s.
 */
export function createCategoriesService(repository: CategoriesRepository) {
  const reads = recordReads({ list: categoriesList, reader: repository.reader, toRow: toCategoryRow });
  const { getRecord } = reads;
  const states = recordStates({
    reads,
    writes: repository.writes,
    refusal: (record: CategoryRecord, action: CategoryAction) =>
      categoryActionRefusal(
        { isActive: record.deletedAt === null, fragranceCount: record.fragranceCount },
        action,
      ),
  });

  return {
    list: reads.list,
    exportBatches: reads.exportBatches,
    selection: reads.selection,
    get: reads.get,

    quickSearch: (text: string) => repository.quickSearch(text, QUICK_SEARCH_LIMIT),

    async create(body: CategoryBody): Promise<CategoryRow> {
      const id = await guardUniqueName(() =>
        repository.transaction(async (tx) => {
          const created = await tx.insert(body.name);
          await tx.replaceTranslations(created, body.translations);
          return created;
        }),
      );
      return toCategoryRow(await getRecord(id));
    },

    async update(id: number, body: CategoryBody): Promise<CategoryRow> {
      states.assertAllowed(await getRecord(id), 'edit');
      await guardUniqueName(() =>
        repository.transaction(async (tx) => {
          if (!(await tx.rename(id, body.name, body.updatedAt))) throw new AppError(ErrorCode.STALE_RECORD);
          await tx.replaceTranslations(id, body.translations);
        }),
      );
      return toCategoryRow(await getRecord(id));
    },

    activate: states.activate,
    deactivate: states.deactivate,
    deletePermanently: states.deletePermanently,
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
