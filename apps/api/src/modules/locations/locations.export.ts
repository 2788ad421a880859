import type { Language } from '@scentia/shared/locales';
import { LOCATION_KIT_FIELDS } from '@scentia/shared/locations.schemas';
import { kitExportColumnsOf, recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { LocationRecord } from './locations.repository.ts';

/** The locations spreadsheet's columns, headed in the request's language. */
export function locationExportColumns(language: Language) {
  return recordExportColumns<LocationRecord>(language, (t) =>
    kitExportColumnsOf(t, LOCATION_KIT_FIELDS.kinds, {
      after: {
        name: [{ header: t('export.organization'), width: 28, value: (row) => row.organizationName }],
        address: [{ header: t('export.timeZone'), width: 20, value: (row) => row.timeZone }],
      },
    }),
  );
}
