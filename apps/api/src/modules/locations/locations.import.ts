import { normalizeTaxId } from '@scentia/shared/br-documents';
import { type LocationBody, locationBodySchema } from '@scentia/shared/locations.schemas';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations, organizations } from '../../db/schema/index.ts';
import {
  addressImportColumns,
  addressInput,
  comparableAddress,
} from '../../lib/resource-kit/import/import-address.ts';
import type { ImportDeclaration } from '../../lib/resource-kit/import/import-declaration.ts';
import { toSearchText } from '../../lib/search-text.ts';

type Comparable = Omit<LocationBody, 'address' | 'updatedAt' | 'timeZone'> & {
  address: Parameters<typeof comparableAddress>[0];
  timeZone: string;
};

const comparable = (body: Comparable) => ({
  organizationId: body.organizationId,
  name: body.name,
  address: comparableAddress(body.address),
  timeZone: body.timeZone,
  note: body.note,
});

/** A location's natural key: its organisation and its name as the unique index compares it. */
const keyOf = (organizationId: number, name: string) => `${organizationId}:${toSearchText(name)}`;

async function findExisting(db: Database, keys: string[]) {
  const organizationIds = [...new Set(keys.map((key) => Number(key.split(':')[0])))];
  const names = [...new Set(keys.map((key) => key.slice(key.indexOf(':') + 1)))];
  const rows = await db
    .select()
    .from(locations)
    .where(and(inArray(locations.organizationId, organizationIds), inArray(locations.searchName, names)));
  return new Map(
    rows.map((row) => [
      keyOf(row.organizationId, row.name),
      { id: row.id, isActive: row.deletedAt === null, values: comparable({ ...row, address: row }) },
    ]),
  );
}

/** Active organisations by CNPJ (as stored, without its mask): an inactive one takes no new location. */
async function findOrganizations(db: Database, cnpjs: string[]) {
  const rows = await db
    .select({ id: organizations.id, cnpj: organizations.cnpj })
    .from(organizations)
    .where(and(inArray(organizations.cnpj, cnpjs), isNull(organizations.deletedAt)));
  return new Map(rows.map((row) => [row.cnpj, row.id]));
}

/**
 * The locations' import: one row a location, found by its organisation (named by its CNPJ) and its
 * name within it, checked by the form's own body schema.
 */
export function locationImport(
  saves: ImportDeclaration<LocationBody>['saves'],
): ImportDeclaration<LocationBody> {
  return {
    recordType: 'location',
    schema: locationBodySchema,
    columns: [
      {
        key: 'organizationCnpj',
        label: 'import.column.organizationCnpj',
        rules: 'import.rules.organizationCnpj',
        example: '11.222.333/0001-81',
        isRequired: true,
        path: ['organizationId'],
      },
      {
        key: 'name',
        label: 'export.name',
        rules: 'import.rules.locationName',
        example: 'Loja Paulista',
        isRequired: true,
      },
      ...addressImportColumns({ isCityRequired: true }),
      {
        key: 'timeZone',
        label: 'export.timeZone',
        rules: 'import.rules.timeZone',
        example: 'America/Sao_Paulo',
      },
      { key: 'note', label: 'export.note', rules: 'import.rules.optionalText', maxLength: 1000, example: '' },
    ],
    references: [{ column: 'organizationCnpj', normalize: normalizeTaxId, find: findOrganizations }],
    toInput: (values, references) => ({
      organizationId: references.organizationCnpj ?? undefined,
      name: values.name ?? '',
      address: addressInput(values),
      timeZone: values.timeZone ?? undefined,
      note: values.note ?? null,
    }),
    naturalKey: { column: 'name', of: (body) => keyOf(body.organizationId, body.name) },
    findExisting,
    comparable,
    saves,
  };
}
