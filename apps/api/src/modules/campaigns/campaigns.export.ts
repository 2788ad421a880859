import type { Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { CampaignRecord } from './campaigns.repository.ts';

/** The campaigns spreadsheet's columns, headed in the request's language. */
export function campaignExportColumns(language: Language) {
  return recordExportColumns<CampaignRecord>(
    language,
    (t) => [
      { header: t('export.name'), width: 28, value: (row) => row.name },
      { header: t('export.fragranceShots'), width: 12, value: (row) => String(row.fragranceShots) },
      { header: t('export.slotsUsed'), width: 10, value: (row) => `${row.collection.length}/20` },
      {
        header: t('export.isDefault'),
        width: 8,
        value: (row) => t(row.isDefault ? 'export.yes' : 'export.no'),
      },
    ],
    { padIdTo: 4 },
  );
}
