import { type LocationBody, locationBodySchema } from '@scentia/shared/locations.schemas';
import { scheduleTextSchema } from '@scentia/shared/schedule-text';
import type { Schedule } from '@scentia/shared/schedules.schemas';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locations } from '../../db/schema/index.ts';
import { addressImport } from '../../lib/resource-kit/import/import-address.ts';
import type { ImportDeclaration } from '../../lib/resource-kit/import/import-declaration.ts';
import type { KitImportDeclaration } from '../../lib/resource-kit/import/kit-import.ts';
import { organizationByCnpj } from '../../lib/resource-kit/import/organization-reference.ts';
import type { KitImport } from '../../lib/resource-kit/kit-service.ts';
import { toSearchText } from '../../lib/search-text.ts';
import { LocationSchedulesRepository } from './location-schedules.repository.ts';

/**
 * A row of the locations' import: the form's body and, when its cell is filled, the schedule written
 * as opening hours ("Seg–Sex 09:00–18:00"). An empty cell leaves an existing location's schedule as it
 * is (a new location starts with the empty schedule, as the form's does).
 */
const locationImportSchema = locationBodySchema.safeExtend({ schedule: scheduleTextSchema.optional() });
type LocationImportBody = LocationBody & { schedule?: Schedule };

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
      { id: row.id, isActive: row.deletedAt === null, values: row },
    ]),
  );
}

/**
 * The saves of a row: the location through the service's create or update, then its schedule (when the
 * row gives one) through the schedule's own write, on the same transaction and so in the same audit.
 */
function savesWithSchedule(
  saves: ImportDeclaration<LocationBody>['saves'],
): ImportDeclaration<LocationImportBody>['saves'] {
  return (db, caller) => {
    const service = saves(db, caller);
    const schedules = new LocationSchedulesRepository(db);
    const setSchedule = async (id: number, schedule: Schedule | undefined) => {
      if (schedule) await schedules.setSchedule(id, schedule);
    };
    return {
      async create({ schedule, ...body }) {
        const created = (await service.create(body)) as { locationId: number };
        await setSchedule(created.locationId, schedule);
        return created;
      },
      async update(id, { schedule, ...body }) {
        const updated = await service.update(id, body);
        await setSchedule(id, schedule);
        return updated;
      },
    };
  };
}

/**
 * The locations' import: one row a location, found by its organisation (named by its CNPJ) and its
 * name within it, checked by the form's own body schema. The service gives its saves and its mapping of
 * a body to the record's columns (what "unchanged" compares); an address with only its CEP is filled
 * from the postcode lookup (the city, required, is refused when the CEP cannot give it).
 */
export function locationImport(service: KitImport<LocationBody>): KitImportDeclaration<LocationImportBody> {
  // The city is required: a row whose CEP cannot give it is refused in its column.
  const address = addressImport({ isCityRequired: true });
  return {
    recordType: 'location',
    schema: locationImportSchema,
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
      ...address.columns,
      {
        key: 'timeZone',
        label: 'export.timeZone',
        rules: 'import.rules.timeZone',
        example: 'America/Sao_Paulo',
      },
      { key: 'note', label: 'export.note', rules: 'import.rules.optionalText', maxLength: 1000, example: '' },
      {
        key: 'schedule',
        label: 'import.column.schedule',
        rules: 'import.rules.schedule',
        example: 'Seg–Sex 09:00–18:00; Sáb 09:00–13:00',
      },
    ],
    references: [organizationByCnpj],
    toInput: (values, references) => ({
      organizationId: references.organizationCnpj ?? undefined,
      name: values.name ?? '',
      address: address.input(values),
      timeZone: values.timeZone ?? undefined,
      note: values.note ?? null,
      schedule: values.schedule ?? undefined,
    }),
    naturalKey: { column: 'name', of: (body) => keyOf(body.organizationId, body.name) },
    findExisting,
    // An empty schedule cell changes nothing, so it is compared only when the row gives one.
    comparable: ({ schedule, ...body }) => ({ ...service.valuesOf(body), ...(schedule && { schedule }) }),
    address,
    saves: savesWithSchedule(service.saves),
  };
}
