import {
  ORGANIZATION_KIT_FIELDS,
  type OrganizationBody,
  organizationBodySchema,
} from '@scentia/shared/organizations.schemas';
import { organizations } from '../../db/schema/index.ts';
import { addressImport } from '../../lib/resource-kit/import/import-address.ts';
import { kitColumnsOf } from '../../lib/resource-kit/import/import-kit-columns.ts';
import { cnpjKey } from '../../lib/resource-kit/import/import-lookups.ts';
import type { KitImportDeclaration } from '../../lib/resource-kit/import/kit-import.ts';

/**
 * The organisations' import: one row an organisation, found by its CNPJ (typed with or without its
 * mask), checked by the form's own body schema; a name another organisation holds is refused. The
 * kit reads a row's body from these columns and saves it with the service's create and update; an
 * address with only its CEP is filled from the postcode lookup.
 */
export function organizationImport(): KitImportDeclaration<OrganizationBody> {
  const address = addressImport();
  return {
    recordType: 'organization',
    schema: organizationBodySchema,
    columns: kitColumnsOf(ORGANIZATION_KIT_FIELDS.kinds, {
      address,
      examples: { name: 'Perfumaria Central', contactEmail: 'ana@perfumaria.com.br' },
      after: {
        name: [
          {
            key: 'legalName',
            label: 'export.legalName',
            rules: 'import.rules.legalName',
            example: 'Perfumaria Central Ltda',
            isRequired: true,
          },
        ],
        cnpj: [
          {
            key: 'contactName',
            label: 'export.contactName',
            rules: 'import.rules.optionalText',
            maxLength: 100,
            example: 'Ana Souza',
          },
        ],
      },
    }),
    address,
    // Found by its CNPJ; a name another organisation holds is refused.
    ...cnpjKey<OrganizationBody>(organizations),
  };
}
