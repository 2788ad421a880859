import { formatBrazilianPhone, formatCnpj } from '@scentia/shared/br-documents';
import type { Language } from '@scentia/shared/locales';
import { addressExportColumns, recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { OrganizationRecord } from './organizations.repository.ts';

/** The organisations spreadsheet's columns, headed in the request's language. */
export function organizationExportColumns(language: Language) {
  return recordExportColumns<OrganizationRecord>(language, (t) => [
    { header: t('export.name'), width: 28, value: (row) => row.name },
    { header: t('export.legalName'), width: 32, value: (row) => row.legalName },
    { header: t('export.cnpj'), width: 20, value: (row) => formatCnpj(row.cnpj) },
    { header: t('export.contactName'), width: 24, value: (row) => row.contactName },
    { header: t('export.contactEmail'), width: 28, value: (row) => row.contactEmail },
    { header: t('export.phone'), width: 16, value: (row) => row.phone && formatBrazilianPhone(row.phone) },
    ...addressExportColumns<OrganizationRecord>(t),
    { header: t('export.note'), width: 32, value: (row) => row.note },
    { header: t('export.activeLocationCount'), width: 10, value: (row) => row.activeLocationCount },
    { header: t('export.locationCount'), width: 10, value: (row) => row.locationCount },
  ]);
}
