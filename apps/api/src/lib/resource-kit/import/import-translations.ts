import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { z } from 'zod';
import type { MessageKey } from '../../../i18n/translate.ts';
import type { ImportColumn, ImportValues } from './import-declaration.ts';

/** One translated field of a record (a category's name): a column for it in each language. */
export type TranslatedField = {
  field: string;
  /** Its heading with a `{{language}}` placeholder (`Nome (en-US)`), as the export heads it. */
  label: MessageKey;
  rules: MessageKey;
  maxLength?: number;
  example?: Partial<Record<Language, string>>;
};

/** A translation's column key: `name.en-US` (also a heading the file may use). */
const keyOf = (field: string, language: Language) => `${field}.${language}`;

/**
 * The columns of a record's translations, one per field and language, landing in the body's
 * `translations.<language>.<field>`: a refusal of a translation names its language's column.
 */
export function translationImportColumns(fields: TranslatedField[]): ImportColumn[] {
  return fields.flatMap(({ field, label, rules, maxLength, example }) =>
    LANGUAGES.map((language) => ({
      key: keyOf(field, language),
      label,
      labelParams: { language },
      rules,
      maxLength,
      example: example?.[language] ?? '',
      path: ['translations', language, field],
    })),
  );
}

/** A row's translations by language, as `translationsSchema` takes them (an empty cell is absent). */
export function translationsInput(values: ImportValues, fields: string[]) {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(fields.map((field) => [field, values[keyOf(field, language)] ?? undefined])),
    ]),
  );
}

/**
 * The translations by language, each field checked by the form's own rule (`shape`), answered as the
 * body's list: a language whose every cell is empty has no translation.
 */
export function translationsSchema<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const byLanguage = z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, z.object(shape)])) as Record<
      Language,
      z.ZodObject<Shape>
    >,
  );
  return byLanguage.transform((translations) =>
    LANGUAGES.flatMap((language) => {
      // The empty fields are left out: the form's body takes them absent (its rules make them null).
      const fields = Object.entries(translations[language] as Record<string, unknown>).filter(
        ([, value]) => value !== null && value !== undefined,
      );
      return fields.length === 0 ? [] : [{ language, ...Object.fromEntries(fields) }];
    }),
  );
}

/** Translations compared whatever their order, without the empty ones (a stored row of nulls). */
export function comparableTranslations<Translation extends { language: string }>(
  translations: Translation[],
): Translation[] {
  return translations
    .filter((translation) =>
      Object.entries(translation).some(([key, value]) => key !== 'language' && value !== null),
    )
    .toSorted((a, b) => a.language.localeCompare(b.language));
}

/**
 * A row's body, its translations checked per language first, then checked by the form's whole body
 * schema (`.transform((row, ctx) => checkedBy(bodySchema, row, ctx))`): its issues are the row's.
 */
export function checkedBy<Body>(schema: z.ZodType<Body>, value: unknown, ctx: z.RefinementCtx): Body {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
  return z.NEVER;
}
