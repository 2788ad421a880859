import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { CategoryRecord } from './categories.repository.ts';

/** The categories spreadsheet's columns, headed in the request's language: a name column per language. */
export function categoryExportColumns(language: Language) {
  return recordExportColumns<CategoryRecord>(language, (t) => [
    { header: t('export.name'), width: 28, value: (row) => row.name },
    ...LANGUAGES.map((translation) => ({
      header: t('export.translation', { language: translation }),
      width: 28,
      value: (row: CategoryRecord) =>
        row.translations.find((entry) => entry.language === translation)?.name ?? null,
    })),
    { header: t('export.fragranceCount'), width: 12, value: (row) => row.fragranceCount },
  ]);
}
