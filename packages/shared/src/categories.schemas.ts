import { z } from 'zod';
import { kitRowFields } from './list.schemas.ts';
import { LANGUAGES } from './locales.ts';
import { recordVersionShape } from './record-fields.schemas.ts';

/** A catalog name (spec §5 Category / Fragrance): required, 3 to 100 characters. */
export const catalogNameSchema = z.string().trim().min(1, { error: 'required' }).min(3).max(100);

/** Translations come one per language at most. */
export function hasOnePerLanguage(translations: { language: string }[]): boolean {
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
  ...recordVersionShape,
});
export type CategoryBody = z.infer<typeof categoryBodySchema>;
export type CategoryBodyInput = z.input<typeof categoryBodySchema>;

/** How many of its fragrances a category row names (a list stays fast whatever a category holds). */
export const CATEGORY_FRAGRANCES_SHOWN = 5;

export const categoryRowSchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  translations: z.array(z.object({ language: z.enum(LANGUAGES), name: z.string() })),
  /** How many fragrances (active or not) belong to it: decides which row actions apply (spec §4). */
  fragranceCount: z.number().int(),
  /**
   * The spec's `fragrances` (§3 Category): up to CATEGORY_FRAGRANCES_SHOWN of its fragrances (active or
   * not), listed by id; `fragranceCount` says how many there are in all.
   */
  fragrances: z.array(z.object({ fragranceId: z.number().int(), name: z.string() })),
  ...kitRowFields,
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;

/** The quick-search answer (the fragrance form's category typeahead): up to 10 active categories. */
export const categoryOptionSchema = z.object({ categoryId: z.number().int(), name: z.string() });
export const categoryOptionsSchema = z.array(categoryOptionSchema);
