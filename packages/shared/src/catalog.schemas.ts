import { z } from 'zod';
import { LANGUAGES } from './locales.ts';

/** A catalog name (spec §5 Category / Fragrance): required, 3 to 100 characters. */
export const catalogNameSchema = z.string().trim().min(1, { error: 'required' }).min(3).max(100);

function hasOnePerLanguage(translations: { language: string }[]): boolean {
  return new Set(translations.map((translation) => translation.language)).size === translations.length;
}

export const categoryTranslationSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'invalidOption' }),
  name: catalogNameSchema,
});

/** `POST /api/categories` and `PUT /api/categories/{id}` (spec §7 Saves: JSON with name and translations). */
export const categoryBodySchema = z.strictObject({
  name: catalogNameSchema,
  translations: z
    .array(categoryTranslationSchema)
    .max(LANGUAGES.length)
    .refine(hasOnePerLanguage, { error: 'duplicateLanguage' })
    .default([]),
});
export type CategoryBody = z.infer<typeof categoryBodySchema>;
export type CategoryBodyInput = z.input<typeof categoryBodySchema>;

export const categoryRowSchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  translations: z.array(z.object({ language: z.enum(LANGUAGES), name: z.string() })),
  /** How many fragrances (active or not) belong to it: decides which row actions apply (spec §4). */
  fragranceCount: z.number().int(),
  ativo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;

export const quickSearchQuerySchema = z.strictObject({
  str: z.string().trim().max(100, { error: 'tooLong' }).default(''),
});

/** The quick-search answers (typeaheads): up to 10 active records whose name contains `str`. */
export const categoryOptionSchema = z.object({ categoryId: z.number().int(), name: z.string() });
export const categoryOptionsSchema = z.array(categoryOptionSchema);
export const fragranceOptionSchema = z.object({ fragranceId: z.number().int(), name: z.string() });
export const fragranceOptionsSchema = z.array(fragranceOptionSchema);

const optionalDescription = z
  .string()
  .trim()
  .max(255)
  .optional()
  .transform((value) => value || null);
const olfactoryWaySchema = z.string().trim().min(1, { error: 'required' }).min(3).max(200);

export const fragranceTranslationSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: 'invalidOption' }),
  description: optionalDescription,
  ofactoryWay: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || value.length >= 3, { error: 'tooShort3' }),
});

/**
 * The fragrance form (spec §7 Saves: multipart with name, description, ofactoryWay, categoryId,
 * image.file, translations[i][language|description|ofactoryWay]); the image travels beside it.
 */
export const fragranceBodySchema = z.strictObject({
  name: catalogNameSchema,
  description: optionalDescription,
  ofactoryWay: olfactoryWaySchema,
  categoryId: z.coerce.number({ error: 'required' }).int().min(1, { error: 'required' }),
  translations: z
    .array(fragranceTranslationSchema)
    .max(LANGUAGES.length)
    .refine(hasOnePerLanguage, { error: 'duplicateLanguage' })
    .default([]),
});
export type FragranceBody = z.infer<typeof fragranceBodySchema>;

export const fragranceRowSchema = z.object({
  fragranceId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  ofactoryWay: z.string(),
  categoryId: z.number().int(),
  category: z.object({ name: z.string() }),
  image: z.object({ tempUri: z.string(), thumbnailUri: z.string() }).nullable(),
  translations: z.array(
    z.object({
      language: z.enum(LANGUAGES),
      description: z.string().nullable(),
      ofactoryWay: z.string().nullable(),
    }),
  ),
  /** Campaign collections the fragrance sits in (campaigns come with their own issue). */
  collections: z.array(z.object({ campaignId: z.number().int(), slot: z.number().int() })),
  ativo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type FragranceRow = z.infer<typeof fragranceRowSchema>;
