import { catalogNameSchema } from '@scentia/shared/categories.schemas';
import {
  type FragranceBody,
  fragranceBodySchema,
  fragranceTranslationSchema,
} from '@scentia/shared/fragrances.schemas';
import { and, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { categories, fragrances, fragranceTranslations } from '../../db/schema/index.ts';
import type { ImportDeclaration } from '../../lib/resource-kit/import/import-declaration.ts';
import {
  checkedBy,
  comparableTranslations,
  translationImportColumns,
  translationsInput,
  translationsSchema,
} from '../../lib/resource-kit/import/import-translations.ts';
import { toSearchText } from '../../lib/search-text.ts';

type Translation = FragranceBody['translations'][number];

/**
 * A row's body: each language's olfactory way and description checked by the form's own rules, so
 * that a refusal names its column; then the form's body schema as a whole.
 */
const fragranceImportSchema = z
  .object({
    name: catalogNameSchema,
    translations: translationsSchema(fragranceTranslationSchema.omit({ language: true }).shape),
  })
  .passthrough()
  .transform((row, ctx) => checkedBy(fragranceBodySchema, row, ctx));

const comparable = (body: Omit<FragranceBody, 'updatedAt'>) => ({
  name: body.name,
  description: body.description,
  ofactoryWay: body.ofactoryWay,
  categoryId: body.categoryId,
  translations: comparableTranslations(
    body.translations.map(({ language, description, ofactoryWay }) => ({
      language,
      description,
      ofactoryWay,
    })),
  ),
});

/**
 * Fragrances by their name, case and accents ignored. Names are not unique among fragrances: of two
 * with the name, the active one (then the oldest) is the one a row updates.
 */
async function findExisting(db: Database, keys: string[]) {
  const rows = (await db.select().from(fragrances).where(inArray(fragrances.searchText, keys))).toSorted(
    (a, b) => Number(a.deletedAt !== null) - Number(b.deletedAt !== null) || a.id - b.id,
  );
  const translations =
    rows.length > 0
      ? await db
          .select()
          .from(fragranceTranslations)
          .where(
            inArray(
              fragranceTranslations.fragranceId,
              rows.map((row) => row.id),
            ),
          )
      : [];
  const found = new Map<string, { id: number; isActive: boolean; values: Record<string, unknown> }>();
  for (const row of rows) {
    if (found.has(row.searchText)) continue;
    const own = translations
      .filter((translation) => translation.fragranceId === row.id)
      .map((translation) => ({
        language: translation.language as Translation['language'],
        description: translation.description,
        ofactoryWay: translation.olfactoryWay,
      }));
    found.set(row.searchText, {
      id: row.id,
      isActive: row.deletedAt === null,
      values: comparable({ ...row, ofactoryWay: row.olfactoryWay, translations: own }),
    });
  }
  return found;
}

/** Active categories by name, case and accents ignored (as the fragrance form's typeahead finds them). */
async function findCategories(db: Database, names: string[]) {
  const rows = await db
    .select({ id: categories.id, searchText: categories.searchText })
    .from(categories)
    .where(and(inArray(categories.searchText, names), isNull(categories.deletedAt)));
  return new Map(rows.map((row) => [row.searchText, row.id]));
}

/**
 * The fragrances' import: one row a fragrance, found by its name, its category named by name, its
 * olfactory way and description in each language as columns. Images are not imported: a new
 * fragrance gets its image in the form.
 */
export function fragranceImport(
  saves: ImportDeclaration<FragranceBody>['saves'],
): ImportDeclaration<FragranceBody> {
  return {
    recordType: 'fragrance',
    schema: fragranceImportSchema,
    columns: [
      {
        key: 'name',
        label: 'export.name',
        rules: 'import.rules.fragranceName',
        example: 'Flor de Laranjeira',
        isRequired: true,
      },
      {
        key: 'category',
        label: 'export.category',
        rules: 'import.rules.category',
        example: 'Cítricos',
        isRequired: true,
        path: ['categoryId'],
      },
      {
        key: 'ofactoryWay',
        label: 'export.olfactoryWay',
        rules: 'import.rules.olfactoryWay',
        example: 'Floral cítrico',
        isRequired: true,
      },
      { key: 'description', label: 'export.description', rules: 'import.rules.description', example: '' },
      ...translationImportColumns([
        {
          field: 'ofactoryWay',
          label: 'export.translatedOlfactoryWay',
          rules: 'import.rules.translatedOlfactoryWay',
          example: { 'en-US': 'Citrus floral', 'es-ES': 'Floral cítrico' },
        },
        {
          field: 'description',
          label: 'import.column.translatedDescription',
          rules: 'import.rules.translatedDescription',
        },
      ]),
    ],
    references: [{ column: 'category', normalize: toSearchText, find: findCategories }],
    toInput: (values, references) => ({
      name: values.name ?? '',
      categoryId: references.category ?? undefined,
      ofactoryWay: values.ofactoryWay ?? '',
      description: values.description ?? undefined,
      translations: translationsInput(values, ['ofactoryWay', 'description']),
    }),
    naturalKey: { column: 'name', of: (body) => toSearchText(body.name) },
    findExisting,
    comparable,
    saves,
  };
}
