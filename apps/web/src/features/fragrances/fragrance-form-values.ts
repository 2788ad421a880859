import type { FragranceRow, fragranceBodySchema } from '@scentia/shared/fragrances.schemas';
import { LANGUAGES, type Language } from '@scentia/shared/locales';
import type { z } from 'zod';
import { requiredText } from '../../components/resource-form/form-values.ts';
import type { ImageUploadValue } from '../../components/resource-form/image-upload-field.tsx';
import type { FieldPath } from '../../lib/server-field-errors.ts';

/**
 * The image field: the chosen file (none when the stored image is kept), what the preview shows
 * (an object URL of the file, or the stored image's signed URL) and whether the last file chosen
 * was over the upload limit — then it was not taken and the field shows the max-size message.
 */
export type ImageValue = ImageUploadValue;

export type FragranceTranslationValues = { description: string; ofactoryWay: string };

/** The fragrance form as antd holds it; the category is the typeahead's value (its id as text). */
export type FragranceFormValues = {
  name: string;
  categoryId: string | null;
  ofactoryWay: string;
  description: string;
  image: ImageValue | null;
  translations: Record<Language, FragranceTranslationValues>;
};

export type FragranceBodyInput = z.input<typeof fragranceBodySchema>;

/** The form's fields, for placing the server's field errors (`image.file` → image). */
export const FRAGRANCE_FORM_FIELDS: readonly FieldPath[] = [
  ['name'],
  ['categoryId'],
  ['ofactoryWay'],
  ['description'],
  ['image'],
  ['translations'],
];

/** The multipart field the API reads the image from. */
const IMAGE_FIELD = 'image.file';

const emptyTranslation = (): FragranceTranslationValues => ({ description: '', ofactoryWay: '' });

export function emptyFragranceForm(): FragranceFormValues {
  return {
    name: '',
    categoryId: null,
    ofactoryWay: '',
    description: '',
    image: null,
    translations: { 'pt-BR': emptyTranslation(), 'en-US': emptyTranslation(), 'es-ES': emptyTranslation() },
  };
}

export function fragranceToForm(fragrance: FragranceRow): FragranceFormValues {
  const values = emptyFragranceForm();
  values.name = fragrance.name;
  values.categoryId = String(fragrance.categoryId);
  values.ofactoryWay = fragrance.ofactoryWay;
  values.description = fragrance.description ?? '';
  values.image = fragrance.image
    ? { file: null, previewUrl: fragrance.image.tempUri, isTooLarge: false }
    : null;
  for (const translation of fragrance.translations) {
    values.translations[translation.language] = {
      description: translation.description ?? '',
      ofactoryWay: translation.ofactoryWay ?? '',
    };
  }
  return values;
}

/**
 * The fields as the shared schema (and the API) reads them: texts trimmed, a blank description
 * left out, and only the languages with something filled in.
 */
export function fragranceFormToBody(values: FragranceFormValues): FragranceBodyInput {
  const description = requiredText(values.description);
  return {
    name: requiredText(values.name),
    ...(description ? { description } : {}),
    ofactoryWay: requiredText(values.ofactoryWay),
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    translations: LANGUAGES.flatMap((language) => {
      const translation = values.translations?.[language];
      const translated = {
        language,
        description: requiredText(translation?.description),
        ofactoryWay: requiredText(translation?.ofactoryWay),
      };
      return translated.description || translated.ofactoryWay ? [translated] : [];
    }),
  };
}

/**
 * The multipart body of POST/PUT /fragrances (spec §7 Saves): name, description, ofactoryWay,
 * categoryId, translations[i][language|description|ofactoryWay] and the file under `image.file`
 * when one was chosen (an update without it keeps the stored image) and, on update, the `updatedAt`
 * the form loaded. Nothing else: the API refuses unknown fields.
 */
export function fragranceFormData(values: FragranceFormValues, updatedAt?: string): FormData {
  const body = fragranceFormToBody(values);
  const data = new FormData();
  data.append('name', body.name as string);
  if (body.description) data.append('description', body.description as string);
  data.append('ofactoryWay', body.ofactoryWay as string);
  data.append('categoryId', String(body.categoryId ?? ''));
  (body.translations ?? []).forEach((translation, index) => {
    data.append(`translations[${index}][language]`, translation.language);
    data.append(`translations[${index}][description]`, translation.description ?? '');
    data.append(`translations[${index}][ofactoryWay]`, translation.ofactoryWay ?? '');
  });
  if (updatedAt) data.append('updatedAt', updatedAt);
  const file = values.image?.file;
  if (file) data.append(IMAGE_FIELD, file, file.name);
  return data;
}

/** Fragrance ids are shown with 4 digits (spec §3, §9): 7 → 0007; longer ids are kept whole. */
export function padFragranceId(id: number): string {
  return String(id).padStart(4, '0');
}
