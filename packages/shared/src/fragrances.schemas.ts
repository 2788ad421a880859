import { z } from 'zod';
import { catalogNameSchema, hasOnePerLanguage } from './categories.schemas.ts';
import { idTextSchema } from './integers.schemas.ts';
import { kitRowFields } from './list.schemas.ts';
import { LANGUAGES } from './locales.ts';
import { recordVersionShape } from './record-fields.schemas.ts';

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
 * `updatedAt` is the version the form loaded: a save based on an older one is refused (409).
 */
export const fragranceBodySchema = z.strictObject({
  name: catalogNameSchema,
  description: optionalDescription,
  ofactoryWay: olfactoryWaySchema,
  categoryId: idTextSchema,
  translations: z
    .array(fragranceTranslationSchema)
    .max(LANGUAGES.length)
    .refine(hasOnePerLanguage, { error: 'duplicateLanguage' })
    .default([]),
  ...recordVersionShape,
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
  ...kitRowFields,
});
export type FragranceRow = z.infer<typeof fragranceRowSchema>;

/** The quick-search answer (the campaign form's fragrance typeahead): up to 10 active fragrances. */
export const fragranceOptionSchema = z.object({ fragranceId: z.number().int(), name: z.string() });
export const fragranceOptionsSchema = z.array(fragranceOptionSchema);
