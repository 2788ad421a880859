import { LANGUAGES, type Language } from '@scentia/shared/locales';
import { translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import type { FragranceRecord } from './fragrances.repository.ts';

/** The fragrances spreadsheet's columns, headed in the request's language: an olfactory way per language. */
export function fragranceExportColumns(language: Language): ExportColumn<FragranceRecord>[] {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(language, key, params);
  return [
    { header: t('export.id'), width: 8, value: (row) => String(row.id).padStart(4, '0') },
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
    { header: t('export.active'), width: 8, value: (row) => t(row.deletedAt ? 'export.no' : 'export.yes') },
    { header: t('export.createdAt'), width: 20, value: (row) => row.createdAt },
  ];
}
