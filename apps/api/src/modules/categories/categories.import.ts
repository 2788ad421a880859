import { type CategoryBody, catalogNameSchema, categoryBodySchema } from '@scentia/shared/categories.schemas';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { categories, categoryTranslations } from '../../db/schema/index.ts';
import type { ImportDeclaration } from '../../lib/resource-kit/import/import-declaration.ts';
import {
  checkedBy,
  comparableTranslations,
  translationImportColumns,
  translationsInput,
  translationsSchema,
} from '../../lib/resource-kit/import/import-translations.ts';
import { toSearchText } from '../../lib/search-text.ts';

/**
 * A row's body: the name and each language's name checked by the form's own rules, so that a refusal
 * names its column; then the form's body schema as a whole.
 */
const categoryImportSchema = z
  .object({
    name: catalogNameSchema,
    translations: translationsSchema({ name: catalogNameSchema.optional() }),
  })
  .transform((row, ctx) => checkedBy(categoryBodySchema, row, ctx));

const comparable = (body: Pick<CategoryBody, 'name' | 'translations'>) => ({
  name: body.name,
  translations: comparableTranslations(body.translations.map(({ language, name }) => ({ language, name }))),
});

/** Categories by their name as the unique index compares it (case and accents ignored). */
async function findExisting(db: Database, keys: string[]) {
  const rows = await db.select().from(categories).where(inArray(categories.searchText, keys));
  const translations =
    rows.length > 0
      ? await db
          .select()
          .from(categoryTranslations)
          .where(
            inArray(
              categoryTranslations.categoryId,
              rows.map((row) => row.id),
            ),
          )
      : [];
  return new Map(
    rows.map((row) => [
      row.searchText,
      {
        id: row.id,
        isActive: row.deletedAt === null,
        values: comparable({
          name: row.name,
          translations: translations
            .filter((translation) => translation.categoryId === row.id)
            .map(({ language, name }) => ({
              language: language as CategoryBody['translations'][number]['language'],
              name,
            })),
        }),
      },
    ]),
  );
}

/**
 * The categories' import: one row a category, found by its name (case and accents ignored, as the
 * unique index finds a repeat), with its name in each language as columns; an existing category's
 * translations become the row's (an empty cell removes that language's).
 */
export function categoryImport(
  saves: ImportDeclaration<CategoryBody>['saves'],
): ImportDeclaration<CategoryBody> {
  return {
    recordType: 'category',
    schema: categoryImportSchema,
    columns: [
      {
        key: 'name',
        label: 'export.name',
        rules: 'import.rules.categoryName',
        example: 'Cítricos',
        isRequired: true,
      },
      ...translationImportColumns([
        {
          field: 'name',
          label: 'export.translation',
          rules: 'import.rules.translatedName',
          example: { 'pt-BR': 'Cítricos', 'en-US': 'Citrus', 'es-ES': 'Cítricos' },
        },
      ]),
    ],
    toInput: (values) => ({
      name: values.name ?? '',
      translations: translationsInput(values, ['name']),
    }),
    naturalKey: { column: 'name', of: (body) => toSearchText(body.name) },
    findExisting,
    comparable,
    saves,
  };
}
