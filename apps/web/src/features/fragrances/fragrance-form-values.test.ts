import { fragranceBodySchema } from '@scentia/shared/fragrances.schemas';
import { describe, expect, it } from 'vitest';
import {
  emptyFragranceForm,
  type FragranceFormValues,
  fragranceFormData,
  fragranceFormToBody,
  fragranceToForm,
  padFragranceId,
} from './fragrance-form-values.ts';

function filled(): FragranceFormValues {
  const values = emptyFragranceForm();
  values.name = ' Limão Siciliano ';
  values.categoryId = '3';
  values.ofactoryWay = 'Cítrico fresco';
  values.translations['en-US'] = { description: '', ofactoryWay: 'Fresh citrus' };
  values.translations['es-ES'] = { description: ' ', ofactoryWay: ' ' };
  return values;
}

describe('fragrance form data (spec §7 Saves)', () => {
  it('builds the multipart fields the API reads, leaving out blank languages and the blank description', () => {
    const values = filled();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'limao.png', { type: 'image/png' });
    values.image = { file, previewUrl: 'blob:preview', isTooLarge: false };

    const data = fragranceFormData(values);

    expect([...data.keys()]).toEqual([
      'name',
      'ofactoryWay',
      'categoryId',
      'translations[0][language]',
      'translations[0][description]',
      'translations[0][ofactoryWay]',
      'image.file',
    ]);
    expect(data.get('name')).toBe('Limão Siciliano');
    expect(data.get('categoryId')).toBe('3');
    expect(data.get('translations[0][language]')).toBe('en-US');
    expect(data.get('translations[0][description]')).toBe('');
    expect(data.get('translations[0][ofactoryWay]')).toBe('Fresh citrus');
    expect((data.get('image.file') as File).name).toBe('limao.png');
  });

  it('sends the description when there is one, and no file when the stored image is kept', () => {
    const values = filled();
    values.description = 'Notas de limão';
    values.image = { file: null, previewUrl: 'https://files/thumb.webp', isTooLarge: false };

    const data = fragranceFormData(values);

    expect(data.get('description')).toBe('Notas de limão');
    expect(data.has('image.file')).toBe(false);
  });

  it('sends the version the form loaded on update only', () => {
    expect(fragranceFormData(filled(), '2026-11-20T10:00:00.123Z').get('updatedAt')).toBe(
      '2026-11-20T10:00:00.123Z',
    );
    expect(fragranceFormData(filled()).has('updatedAt')).toBe(false);
  });

  it('produces a body the shared schema accepts, and refuses a missing category', () => {
    expect(fragranceBodySchema.safeParse(fragranceFormToBody(filled())).success).toBe(true);
    const withoutCategory = { ...filled(), categoryId: null };
    const result = fragranceBodySchema.safeParse(fragranceFormToBody(withoutCategory));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['categoryId']);
  });

  it('loads a fragrance with its stored image as the preview', () => {
    const values = fragranceToForm({
      fragranceId: 7,
      name: 'Bergamota',
      description: null,
      ofactoryWay: 'Cítrico',
      categoryId: 2,
      category: { name: 'Cítricos' },
      image: { tempUri: 'https://files/full.webp', thumbnailUri: 'https://files/thumb.webp' },
      translations: [{ language: 'es-ES', description: null, ofactoryWay: 'Cítrico' }],
      collections: [],
      ativo: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      deletedAt: null,
    });
    expect(values.categoryId).toBe('2');
    expect(values.description).toBe('');
    expect(values.image).toEqual({ file: null, previewUrl: 'https://files/full.webp', isTooLarge: false });
    expect(values.translations['es-ES']).toEqual({ description: '', ofactoryWay: 'Cítrico' });
    expect(values.translations['en-US']).toEqual({ description: '', ofactoryWay: '' });
  });
});

describe('fragrance id display (spec §9)', () => {
  it('pads to 4 digits and keeps longer ids whole', () => {
    expect(padFragranceId(7)).toBe('0007');
    expect(padFragranceId(60)).toBe('0060');
    expect(padFragranceId(1234)).toBe('1234');
    expect(padFragranceId(12345)).toBe('12345');
  });
});
