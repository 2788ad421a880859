import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { FragranceRecord } from './fragrances.repository.ts';

/** The fragrances spreadsheet's columns, headed in the request's language: an olfactory way per language. */
export function fragranceExportColumns(language: Language) {
  return recordExportColumns<FragranceRecord>(
    language,
    (t) => [
      { header: t('export.name'), width: 28, value: (row) => row.name },
      { header: t('export.category'), width: 20, value: (row) => row.categoryName },
      { header: t('export.olfactoryWay'), width: 36, value: (row) => row.olfactoryWay },
      { header: t('export.description'), width: 40, value: (row) => row.description },
      ...LANGUAGES.map((translation) => ({
        header: t('export.translatedOlfactoryWay', { language: translation }),
        width: 36,
        value: (row: FragranceRecord) =>
          row.translations.find((entry) => entry.language === translation)?.olfactoryWay ?? null,
      })),
    ],
    { padIdTo: 4, updatedAt: false },
  );
}
