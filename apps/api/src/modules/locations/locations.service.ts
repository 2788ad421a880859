import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import {
  LOCATION_STAFF_ONLY_FIELDS,
  type LocationAction,
  locationActionRefusal,
} from '@scentia/shared/locations.rules';
import { type LocationBody, locationRowSchema } from '@scentia/shared/locations.schemas';
import type { AccessScope } from '../../lib/access-scope.ts';
import { invalidFields } from '../../lib/app-error.ts';
import { rowOf } from '../../lib/resource-kit/kit-row.ts';
import { recordService } from '../../lib/resource-kit/kit-service.ts';
import { addressValues } from '../../lib/resource-kit/record-address.ts';
import { namesAndMore } from '../../lib/resource-kit/refusal.ts';
import { locationImport } from './locations.import.ts';
import { type LocationRecord, type LocationsRepository, locationsList } from './locations.repository.ts';

/** How many of its devices a refusal names before "and N more". */
const DEVICES_NAMED = 5;

/**
 * Its devices hold a location: an active device keeps it active (retire or move it first), any device
 * keeps its row (the device's history names it).
 */
function devicesHold(record: LocationRecord, action: LocationAction) {
  if (action === 'toggle' && record.deletedAt === null && record.hasActiveDevices) {
    return ErrorCode.LOCATION_HAS_DEVICES;
  }
  if (action === 'delete' && record.deletedAt !== null && record.hasDevices)
    return ErrorCode.LOCATION_HAS_DEVICES;
  return undefined;
}

/** Its row: the row schema's fields from the like-named columns, its organisation's name and state. */
const toLocationRow = rowOf(locationRowSchema, (record: LocationRecord) => ({
  locationId: record.id,
  organization: { name: record.organizationName, ativo: record.organizationDeletedAt === null },
}));

/** A Manager changes none of the staff's fields of their location (packages/shared locations.rules.ts). */
function assertManagerChangesOnly(record: LocationRecord, body: LocationBody): void {
  const changed = LOCATION_STAFF_ONLY_FIELDS.filter((field) => body[field] !== record[field]);
  if (changed.length > 0) {
    throw invalidFields(...changed.map((path) => ({ path, key: 'field.staffOnly' as const })));
  }
}

/** A body as the record's columns: what a save writes, and what the import compares as "unchanged". */
const valuesOf = (body: LocationBody) => ({
  organizationId: body.organizationId,
  name: body.name,
  ...addressValues(body.address),
  timeZone: body.timeZone,
  note: body.note,
});

/**
 * The sites of an organisation (packages/shared locations.rules.ts: edit only while active; reactivated
 * only while its organisation is active; deleted for good once inactive). A save needs an active
 * organisation, locked with the write so that its deactivation cannot slip in between; the name is
 * unique within the organisation (`locations_organization_name_key`: NAME_TAKEN).
 */
export function createLocationsService(repository: LocationsRepository) {
  const { service } = recordService(repository, {
    list: locationsList,
    toRow: toLocationRow,
    refusal: (record: LocationRecord, action: LocationAction) =>
      locationActionRefusal(
        { isActive: record.deletedAt === null, isOrganizationActive: record.organizationDeletedAt === null },
        action,
      ) ?? devicesHold(record, action),
    // The refusal names the devices by their MAC addresses (the active ones while it is active).
    describe: async (record, code) => {
      if (code !== ErrorCode.LOCATION_HAS_DEVICES) return undefined;
      const found = await repository.deviceMacs(record.id, record.deletedAt === null, DEVICES_NAMED);
      return { names: namesAndMore(found.macAddresses.map(formatMacAddress), found.total) };
    },
    // A save holds its organisation active: an inactive or unknown one is a 400.
    lockReferences: async (tx, body: LocationBody) => {
      if (!(await tx.lockOrganization(body.organizationId))) {
        throw invalidFields({ path: 'organizationId', key: 'field.organizationInactive' });
      }
    },
    // A member's update reaches only their scope's locations and changes their address and note only.
    beforeUpdate: (record, body, scope) => {
      if (scope?.kind === 'member') assertManagerChangesOnly(record, body);
    },
    values: valuesOf,
    // The spreadsheet import, whose rows are saved by this service's create and update.
    import: locationImport,
  });

  return {
    ...service,
    /** Active locations, of one organisation when `organizationId` is given, within `scope`. */
    quickSearch: (text: string, organizationId?: number, scope?: AccessScope) =>
      repository.quickSearchIn(text, organizationId, scope),
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
