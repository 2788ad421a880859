import { ErrorCode } from '@scentia/shared/error-codes';
import type { OrganizationBody } from '@scentia/shared/organizations.schemas';
import { organizationBodySchema } from '@scentia/shared/organizations.schemas';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations } from '../../db/schema/index.ts';
import { addressImportColumns, addressInput } from '../../lib/resource-kit/import/import-address.ts';
import type { ImportDeclaration } from '../../lib/resource-kit/import/import-declaration.ts';
import { type PostcodeLookup, postcodePrefill } from '../../lib/resource-kit/import/import-postcodes.ts';
import { toSearchText } from '../../lib/search-text.ts';

/** Organisations by CNPJ (the natural key), as the check compares them. */
async function findExisting(db: Database, cnpjs: string[]) {
  const rows = await db.select().from(organizations).where(inArray(organizations.cnpj, cnpjs));
  return new Map(
    rows.map((row) => [
      row.cnpj,
      {
        id: row.id,
        isActive: row.deletedAt === null,
        values: row,
      },
    ]),
  );
}

/** The names taken (as the unique index compares them), with the CNPJ of the organisation holding each. */
async function findTakenNames(db: Database, names: string[]) {
  const rows = await db
    .select({ searchName: organizations.searchName, cnpj: organizations.cnpj })
    .from(organizations)
    .where(inArray(organizations.searchName, names));
  return new Map(rows.map((row) => [row.searchName, row.cnpj]));
}

/**
 * The organisations' import: one row an organisation, found by its CNPJ (typed with or without its
 * mask), checked by the form's own body schema; a name another organisation holds is refused. The
 * service gives its saves and its mapping of a body to the record's columns (what "unchanged" compares);
 * an address with only its CEP is filled from `postcodes`.
 */
export function organizationImport(service: {
  saves: ImportDeclaration<OrganizationBody>['saves'];
  valuesOf: ImportDeclaration<OrganizationBody>['comparable'];
  postcodes?: PostcodeLookup;
}): ImportDeclaration<OrganizationBody> {
  return {
    recordType: 'organization',
    schema: organizationBodySchema,
    columns: [
      {
        key: 'name',
        label: 'export.name',
        rules: 'import.rules.name',
        example: 'Perfumaria Central',
        isRequired: true,
      },
      {
        key: 'legalName',
        label: 'export.legalName',
        rules: 'import.rules.legalName',
        example: 'Perfumaria Central Ltda',
        isRequired: true,
      },
      {
        key: 'cnpj',
        label: 'export.cnpj',
        rules: 'import.rules.cnpj',
        example: '11.222.333/0001-81',
        isRequired: true,
      },
      {
        key: 'contactName',
        label: 'export.contactName',
        rules: 'import.rules.optionalText',
        maxLength: 100,
        example: 'Ana Souza',
      },
      {
        key: 'contactEmail',
        label: 'export.contactEmail',
        rules: 'import.rules.email',
        example: 'ana@perfumaria.com.br',
      },
      { key: 'phone', label: 'export.phone', rules: 'import.rules.phone', example: '(11) 91234-5678' },
      ...addressImportColumns(),
      { key: 'note', label: 'export.note', rules: 'import.rules.optionalText', maxLength: 1000, example: '' },
    ],
    toInput: (values) => ({
      name: values.name ?? '',
      legalName: values.legalName ?? '',
      cnpj: values.cnpj ?? '',
      contactName: values.contactName ?? null,
      contactEmail: values.contactEmail ?? null,
      phone: values.phone ?? null,
      address: addressInput(values),
      note: values.note ?? null,
    }),
    naturalKey: { column: 'cnpj', of: (body) => body.cnpj },
    uniques: [
      {
        column: 'name',
        key: (body) => toSearchText(body.name),
        findTaken: findTakenNames,
        code: ErrorCode.NAME_TAKEN,
      },
    ],
    findExisting,
    comparable: service.valuesOf,
    prefill: service.postcodes && postcodePrefill(service.postcodes),
    saves: service.saves,
  };
}
