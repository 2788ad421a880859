import type { Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { InitiativeRecord } from './initiatives.repository.ts';

/** The initiatives spreadsheet's columns (`/iniciativa/export`), headed in the request's language. */
export function initiativeExportColumns(language: Language) {
  return recordExportColumns<InitiativeRecord>(language, (t) => [
    { header: t('export.title'), width: 32, value: (row) => row.title },
    { header: t('export.initiativeStatus'), width: 20, value: (row) => t(`initiativeStatus.${row.status}`) },
    { header: t('export.organization'), width: 28, value: (row) => row.organizationName },
    {
      header: t('export.locations'),
      width: 40,
      value: (row) => row.locations.map((location) => location.name).join(', '),
    },
    { header: t('export.campaign'), width: 28, value: (row) => row.campaignName },
    { header: t('export.startsOn'), width: 12, value: (row) => row.startsOn },
    { header: t('export.endsOn'), width: 12, value: (row) => row.endsOn },
    { header: t('export.proposer'), width: 24, value: (row) => row.proposerName },
    { header: t('export.description'), width: 40, value: (row) => row.description },
  ]);
}
