import type { Language } from '@scentia/shared/locales';
import { translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import type { CampaignRecord } from './campaigns.repository.ts';

/** The campaigns spreadsheet's columns, headed in the request's language. */
export function campaignExportColumns(language: Language): ExportColumn<CampaignRecord>[] {
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const yesNo = (value: boolean) => t(value ? 'export.yes' : 'export.no');
  return [
    { header: t('export.id'), width: 8, value: (row) => String(row.id).padStart(4, '0') },
    { header: t('export.name'), width: 28, value: (row) => row.name },
    { header: t('export.fragranceShots'), width: 12, value: (row) => String(row.fragranceShots) },
    { header: t('export.slotsUsed'), width: 10, value: (row) => `${row.collection.length}/20` },
    { header: t('export.isDefault'), width: 8, value: (row) => yesNo(row.isDefault) },
    { header: t('export.active'), width: 8, value: (row) => yesNo(row.deletedAt === null) },
    { header: t('export.createdAt'), width: 20, value: (row) => row.createdAt },
    { header: t('export.updatedAt'), width: 20, value: (row) => row.updatedAt },
  ];
}
