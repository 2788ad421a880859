import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import type { CategoryRecord } from './categories.repository.ts';

/** The categories spreadsheet's columns, headed in the request's language: a name column per language. */
export function categoryExportColumns(language: Language): ExportColumn<CategoryRecord>[] {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(language, key, params);
  return [
    { header: t('export.id'), width: 8, value: (row) => row.id },
    { header: t('export.name'), width: 28, value: (row) => row.name },
    ...LANGUAGES.map((translation) => ({
      header: t('export.translation', { language: translation }),
      width: 28,
      value: (row: CategoryRecord) =>
        row.translations.find((entry) => entry.language === translation)?.name ?? null,
    })),
    { header: t('export.fragranceCount'), width: 12, value: (row) => row.fragranceCount },
    { header: t('export.active'), width: 8, value: (row) => t(row.deletedAt ? 'export.no' : 'export.yes') },
    { header: t('export.createdAt'), width: 20, value: (row) => row.createdAt },
    { header: t('export.updatedAt'), width: 20, value: (row) => row.updatedAt },
  ];
}
