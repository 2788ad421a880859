import type { Language } from '@scentia/shared/locales';
import {
  addressExportColumns,
  kitExportColumns,
  recordExportColumns,
} from '../../lib/resource-kit/record-export.ts';
import type { LocationRecord } from './locations.repository.ts';

/** The locations spreadsheet's columns, headed in the request's language. */
export function locationExportColumns(language: Language) {
  return recordExportColumns<LocationRecord>(language, (t) => [
    kitExportColumns.name(t),
    { header: t('export.organization'), width: 28, value: (row) => row.organizationName },
    ...addressExportColumns<LocationRecord>(t),
    { header: t('export.timeZone'), width: 20, value: (row) => row.timeZone },
    kitExportColumns.note(t),
  ]);
}
