import type { Language } from '@scentia/shared/locales';
import {
  addressExportColumns,
  kitExportColumns,
  recordExportColumns,
} from '../../lib/resource-kit/record-export.ts';
import type { OrganizationRecord } from './organizations.repository.ts';

/** The organisations spreadsheet's columns, headed in the request's language. */
export function organizationExportColumns(language: Language) {
  return recordExportColumns<OrganizationRecord>(language, (t) => [
    kitExportColumns.name(t),
    { header: t('export.legalName'), width: 32, value: (row) => row.legalName },
    kitExportColumns.cnpj(t),
    { header: t('export.contactName'), width: 24, value: (row) => row.contactName },
    kitExportColumns.email(t, 'contactEmail', 'export.contactEmail'),
    kitExportColumns.phone(t),
    ...addressExportColumns<OrganizationRecord>(t),
    kitExportColumns.note(t),
    { header: t('export.activeLocationCount'), width: 10, value: (row) => row.activeLocationCount },
    { header: t('export.locationCount'), width: 10, value: (row) => row.locationCount },
  ]);
}
