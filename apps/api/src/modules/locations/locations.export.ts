import type { Language } from '@scentia/shared/locales';
import { addressExportColumns, recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { LocationRecord } from './locations.repository.ts';

/** The locations spreadsheet's columns, headed in the request's language. */
export function locationExportColumns(language: Language) {
  return recordExportColumns<LocationRecord>(language, (t) => [
    { header: t('export.name'), width: 28, value: (row) => row.name },
    { header: t('export.organization'), width: 28, value: (row) => row.organizationName },
    ...addressExportColumns<LocationRecord>(t),
    { header: t('export.timeZone'), width: 20, value: (row) => row.timeZone },
    { header: t('export.note'), width: 32, value: (row) => row.note },
  ]);
}
