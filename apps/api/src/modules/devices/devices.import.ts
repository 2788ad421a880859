import { normalizeTaxId } from '@scentia/shared/br-documents';
import { type DeviceBody, deviceBodySchema } from '@scentia/shared/devices.schemas';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campaigns, devices, locations, organizations } from '../../db/schema/index.ts';
import type { ImportDeclaration, ImportValues } from '../../lib/resource-kit/import/import-declaration.ts';
import { organizationByCnpj } from '../../lib/resource-kit/import/organization-reference.ts';
import { toSearchText } from '../../lib/search-text.ts';
import { saveDeviceChunk } from './devices-import.repository.ts';

/** What a row changes on a device found by its MAC: where it stands and what it plays. */
const comparable = (body: Pick<DeviceBody, 'locationId' | 'campaignId'>) => ({
  locationId: body.locationId,
  campaignId: body.campaignId,
});

/** Devices by MAC (the natural key, as stored: 12 upper-case hex digits). */
async function findExisting(db: Database, macs: string[]) {
  const rows = await db
    .select({
      id: devices.id,
      macAddress: devices.macAddress,
      locationId: devices.locationId,
      campaignId: devices.campaignId,
      deletedAt: devices.deletedAt,
    })
    .from(devices)
    .where(inArray(devices.macAddress, macs));
  return new Map(
    rows.map((row) => [
      row.macAddress,
      { id: row.id, isActive: row.deletedAt === null, values: comparable(row) },
    ]),
  );
}

/** A location's key in a row: its organisation's CNPJ and its name as the unique index compares it. */
const locationKey = (cnpj: string, name: string) => `${cnpj}:${toSearchText(name)}`;

/** Active locations by `locationKey`, of the chunk's organisations and names, in one query. */
async function findLocations(db: Database, keys: string[]) {
  const cnpjs = [...new Set(keys.map((key) => key.slice(0, key.indexOf(':'))))];
  const names = [...new Set(keys.map((key) => key.slice(key.indexOf(':') + 1)))];
  const rows = await db
    .select({ id: locations.id, cnpj: organizations.cnpj, searchName: locations.searchName })
    .from(locations)
    .innerJoin(organizations, eq(organizations.id, locations.organizationId))
    .where(
      and(
        inArray(organizations.cnpj, cnpjs),
        inArray(locations.searchName, names),
        isNull(locations.deletedAt),
        isNull(organizations.deletedAt),
      ),
    );
  return new Map(rows.map((row) => [`${row.cnpj}:${row.searchName}`, row.id]));
}

/**
 * Active campaigns by name, case and accents ignored. Names are not unique: of two active campaigns
 * named alike, the oldest is taken (docs/decisions/import.md).
 */
async function findCampaigns(db: Database, names: string[]) {
  const rows = await db
    .select({ id: campaigns.id, searchText: campaigns.searchText })
    .from(campaigns)
    .where(and(inArray(campaigns.searchText, names), isNull(campaigns.deletedAt)))
    .orderBy(asc(campaigns.id));
  const found = new Map<string, number>();
  for (const row of rows) if (!found.has(row.searchText)) found.set(row.searchText, row.id);
  return found;
}

/** The default campaign, if there is one and it is active: what a row without a campaign plays. */
async function findDefaultCampaign(db: Database) {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.isDefault, true), isNull(campaigns.deletedAt)));
  return row?.id ?? null;
}

/**
 * The devices' import: one row a diffuser, found by its MAC (typed with or without separators), at a
 * location named within the organisation of the row's CNPJ, playing a campaign named (the default one
 * when the cell is empty); checked by the form's own body schema, written a chunk at a time.
 */
export function deviceImport(saves: ImportDeclaration<DeviceBody>['saves']): ImportDeclaration<DeviceBody> {
  return {
    recordType: 'device',
    schema: deviceBodySchema,
    columns: [
      {
        key: 'macAddress',
        label: 'export.macAddress',
        rules: 'import.rules.macAddress',
        example: 'A4:CF:12:3B:5D:E6',
        isRequired: true,
      },
      {
        key: 'organizationCnpj',
        label: 'import.column.organizationCnpj',
        rules: 'import.rules.organizationCnpj',
        example: '11.222.333/0001-81',
        isRequired: true,
      },
      {
        key: 'locationName',
        label: 'import.column.locationName',
        rules: 'import.rules.deviceLocation',
        example: 'Loja Paulista',
        isRequired: true,
        path: ['locationId'],
      },
      {
        key: 'campaignName',
        label: 'import.column.campaignName',
        rules: 'import.rules.deviceCampaign',
        example: 'Verão',
        path: ['campaignId'],
      },
    ],
    references: [
      organizationByCnpj,
      {
        column: 'locationName',
        normalize: (name: string, values: ImportValues) =>
          locationKey(normalizeTaxId(values.organizationCnpj ?? ''), name),
        find: findLocations,
        within: 'organizationCnpj',
      },
      {
        column: 'campaignName',
        // As campaigns' `search_text` holds the name (search_normalise: lower case, no accents).
        normalize: toSearchText,
        find: findCampaigns,
        whenEmpty: findDefaultCampaign,
      },
    ],
    toInput: (values, references) => ({
      macAddress: values.macAddress ?? '',
      locationId: references.locationName ?? undefined,
      campaignId: references.campaignName ?? undefined,
    }),
    naturalKey: { column: 'macAddress', of: (body) => body.macAddress },
    findExisting,
    comparable,
    saveChunk: saveDeviceChunk,
    saves,
  };
}
