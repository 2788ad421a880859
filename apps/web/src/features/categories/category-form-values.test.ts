import { categoryBodySchema } from '@scentia/shared/categories.schemas';
import { describe, expect, it } from 'vitest';
import {
  categoryFormToBody,
  categoryToForm,
  emptyCategoryForm,
  missingTranslations,
} from './category-form-values.ts';

describe('category form values', () => {
  it('sends only the translations that were filled, trimmed, in a body the shared schema accepts', () => {
    const values = emptyCategoryForm();
    values.name = '  Cítricos ';
    values.translations['en-US'] = ' Citrus ';
    values.translations['es-ES'] = '   ';
    const body = categoryFormToBody(values);
    expect(body).toEqual({ name: 'Cítricos', translations: [{ language: 'en-US', name: 'Citrus' }] });
    expect(categoryBodySchema.safeParse(body).success).toBe(true);
  });

  it('loads a category into the per-language fields', () => {
    const values = categoryToForm({
      categoryId: 1,
      name: 'Florais',
      translations: [{ language: 'es-ES', name: 'Florales' }],
      fragranceCount: 0,
      fragrances: [],
      ativo: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      deletedAt: null,
    });
    expect(values).toEqual({
      name: 'Florais',
      translations: { 'pt-BR': '', 'en-US': '', 'es-ES': 'Florales' },
    });
  });
});

describe('translation completeness', () => {
  it('is complete with a name in every language', () => {
    expect(
      missingTranslations([
        { language: 'pt-BR', name: 'Cítricos' },
        { language: 'en-US', name: 'Citrus' },
        { language: 'es-ES', name: 'Cítricos' },
      ]),
    ).toEqual([]);
  });

  it('names the languages without a (non-blank) name, in the product order', () => {
    expect(
      missingTranslations([
        { language: 'en-US', name: 'Citrus' },
        { language: 'pt-BR', name: ' ' },
      ]),
    ).toEqual(['pt-BR', 'es-ES']);
    expect(missingTranslations([])).toEqual(['pt-BR', 'en-US', 'es-ES']);
  });
});
