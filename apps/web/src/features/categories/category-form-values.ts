import type { CategoryBodyInput, CategoryRow } from '@scentia/shared/categories.schemas';
import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { requiredText } from '../../components/resource-form/form-values.ts';

/** The category form as antd holds it: the name and one translated name per language. */
export type CategoryFormValues = {
  name: string;
  translations: Record<Language, string>;
};

export function emptyCategoryForm(): CategoryFormValues {
  return { name: '', translations: { 'pt-BR': '', 'en-US': '', 'es-ES': '' } };
}

export function categoryToForm(category: CategoryRow): CategoryFormValues {
  const values = emptyCategoryForm();
  values.name = category.name;
  for (const translation of category.translations)
    values.translations[translation.language] = translation.name;
  return values;
}

/** POST/PUT /categories (spec §7 Saves): blank translations are left out (they are optional). */
export function categoryFormToBody(values: CategoryFormValues, opened?: CategoryRow): CategoryBodyInput {
  return {
    name: requiredText(values.name),
    translations: LANGUAGES.flatMap((language) => {
      const name = values.translations?.[language]?.trim() ?? '';
      return name ? [{ language, name }] : [];
    }),
    // The version the edit was opened with: a save over a newer one is refused (409 STALE_RECORD).
    ...(opened ? { updatedAt: opened.updatedAt } : {}),
  };
}

/** The languages a category has no translated name for; none missing means complete. */
export function missingTranslations(
  translations: readonly { language: Language; name: string }[],
): Language[] {
  return LANGUAGES.filter(
    (language) =>
      !translations.some((translation) => translation.language === language && translation.name.trim()),
  );
}
