import { type CategoryAction, categoryActionRefusal } from '@scentia/shared/categories.rules';
import type { CategoryBody, CategoryRow } from '@scentia/shared/categories.schemas';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import { recordService } from '../../lib/resource-kit/kit-service.ts';
import { categoryImport } from './categories.import.ts';
import { type CategoriesRepository, type CategoryRecord, categoriesList } from './categories.repository.ts';

function toCategoryRow(record: CategoryRecord): CategoryRow {
  return {
    categoryId: record.id,
    name: record.name,
    translations: record.translations,
    fragranceCount: record.fragranceCount,
    fragrances: record.fragrances,
    ...kitRow(record),
  };
}

/**
 * Fragrance categories. The rules of spec §4 Category (edit only while active; an active category with
 * fragrances stays active; permanent delete only when inactive and without fragrances) are the ones the
 * web hides its actions by (packages/shared/src/categories.rules.ts), enforced here with their 409s.
 */
export function createCategoriesService(repository: CategoriesRepository) {
  return recordService(repository, {
    list: categoriesList,
    toRow: toCategoryRow,
    refusal: (record: CategoryRecord, action: CategoryAction) =>
      categoryActionRefusal(
        { isActive: record.deletedAt === null, fragranceCount: record.fragranceCount },
        action,
      ),
    // Its own row (the name), then its translations.
    values: (body: CategoryBody) => ({ name: body.name }),
    children: (tx, id, body) => tx.replaceTranslations(id, body.translations),
    // The spreadsheet import, whose rows are saved by this service's create and update.
    import: ({ saves }) => categoryImport(saves),
  }).service;
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
