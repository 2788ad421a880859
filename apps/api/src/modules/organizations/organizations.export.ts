import type { Language } from '@scentia/shared/locales';
import { ORGANIZATION_KIT_FIELDS } from '@scentia/shared/organizations.schemas';
import { kitExportColumnsOf, recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { OrganizationRecord } from './organizations.repository.ts';

/** The organisations spreadsheet's columns, headed in the request's language. */
export function organizationExportColumns(language: Language) {
  return recordExportColumns<OrganizationRecord>(language, (t) =>
    kitExportColumnsOf(t, ORGANIZATION_KIT_FIELDS.kinds, {
      after: {
        name: [{ header: t('export.legalName'), width: 32, value: (row) => row.legalName }],
        cnpj: [{ header: t('export.contactName'), width: 24, value: (row) => row.contactName }],
        note: [
          { header: t('export.activeLocationCount'), width: 10, value: (row) => row.activeLocationCount },
          { header: t('export.locationCount'), width: 10, value: (row) => row.locationCount },
        ],
      },
    }),
  );
}
