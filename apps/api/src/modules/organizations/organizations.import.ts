import type { OrganizationBody } from '@scentia/shared/organizations.schemas';
import { organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { organizations } from '../../db/schema/index.ts';
import { addressImport } from '../../lib/resource-kit/import/import-address.ts';
import type { ImportDeclaration } from '../../lib/resource-kit/import/import-declaration.ts';
import { kitImportColumns } from '../../lib/resource-kit/import/import-kit-columns.ts';
import { cnpjKey } from '../../lib/resource-kit/import/import-lookups.ts';
import type { PostcodeLookup } from '../../lib/resource-kit/import/import-postcodes.ts';
import type { KitImport } from '../../lib/resource-kit/kit-service.ts';

/**
 * The organisations' import: one row an organisation, found by its CNPJ (typed with or without its
 * mask), checked by the form's own body schema; a name another organisation holds is refused. The
 * kit gives the service's saves and its mapping of a body to the record's columns (what "unchanged"
 * compares); an address with only its CEP is filled from `postcodes`.
 */
export function organizationImport(
  service: KitImport<OrganizationBody> & { postcodes?: PostcodeLookup },
): ImportDeclaration<OrganizationBody> {
  const address = addressImport({ postcodes: service.postcodes });
  return {
    recordType: 'organization',
    schema: organizationBodySchema,
    columns: [
      kitImportColumns.name('Perfumaria Central'),
      {
        key: 'legalName',
        label: 'export.legalName',
        rules: 'import.rules.legalName',
        example: 'Perfumaria Central Ltda',
        isRequired: true,
      },
      kitImportColumns.cnpj(),
      {
        key: 'contactName',
        label: 'export.contactName',
        rules: 'import.rules.optionalText',
        maxLength: 100,
        example: 'Ana Souza',
      },
      kitImportColumns.email('contactEmail', 'export.contactEmail', 'ana@perfumaria.com.br'),
      kitImportColumns.phone(),
      ...address.columns,
      kitImportColumns.note(),
    ],
    toInput: (values) => ({
      name: values.name ?? '',
      legalName: values.legalName ?? '',
      cnpj: values.cnpj ?? '',
      contactName: values.contactName ?? null,
      contactEmail: values.contactEmail ?? null,
      phone: values.phone ?? null,
      address: address.input(values),
      note: values.note ?? null,
    }),
    // Found by its CNPJ; a name another organisation holds is refused.
    ...cnpjKey<OrganizationBody>(organizations),
    comparable: service.valuesOf,
    prefill: address.prefill,
    saves: service.saves,
  };
}
