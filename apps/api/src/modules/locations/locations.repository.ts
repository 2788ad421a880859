import { LOCATION_KIT_FIELDS, type locationListQuerySchema } from '@scentia/shared/locations.schemas';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { devices, locations, organizations } from '../../db/schema/index.ts';
import type { AccessScope } from '../../lib/access-scope.ts';
import { kitListColumns, kitSorts } from '../../lib/resource-kit/kit-list.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import { byOrganizationAndLocation } from '../../lib/resource-kit/record-scope.ts';
import { type HeldRecord, lockActive } from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';

type LocationListQuery = z.infer<typeof locationListQuerySchema>;

/** One organisation's locations (the list's and the typeahead's filter), or every one. */
const ofOrganization = (organizationId: number | undefined) =>
  organizationId === undefined ? undefined : eq(locations.organizationId, organizationId);

/**
 * Devices standing at the location (the active ones only, or any): an active device keeps it active,
 * any device keeps its row. Qualified by hand, as the list's select from one table would not.
 */
const devicesAt = (location: SQL | HeldRecord, activeOnly: boolean) =>
  sql<boolean>`exists (select 1 from ${devices} where ${devices}.location_id = ${location}${
    activeOnly ? sql` and ${devices}.deleted_at is null` : sql``
  })`;

export const locationsList = resourceList({
  table: locations,
  id: locations.id,
  deletedAt: locations.deletedAt,
  columns: {
    ...kitListColumns(locations, LOCATION_KIT_FIELDS),
    organizationId: locations.organizationId,
    organizationName: organizations.name,
    organizationDeletedAt: organizations.deletedAt,
    timeZone: locations.timeZone,
    schedule: locations.schedule,
    hasActiveDevices: devicesAt(sql`${locations}.id`, true),
    hasDevices: devicesAt(sql`${locations}.id`, false),
  },
  joins: (query) => query.innerJoin(organizations, eq(locations.organizationId, organizations.id)),
  // A location always has its organisation (organization_id is a NOT NULL foreign key), and its filter
  // and sorts read its own columns (search_organization is kept by triggers).
  joinsOnlyAddColumns: true,
  // Its search text holds its name, city and organisation's name (search_organization, migration 0018).
  searchIn: [locations.searchText],
  filter: (query: LocationListQuery) => ofOrganization(query.organizationId),
  sortable: kitSorts('Location', {
    name: locations.searchName,
    organization: { column: locations.searchOrganization, as: 'Organization.Name' },
    city: locations.city,
    createdAt: locations.createdAt,
    updatedAt: locations.updatedAt,
    locationId: locations.id,
  }),
  defaultSort: 'Location.CreatedAt',
  rowCounts: 'locations',
  // A member's organisation's locations (locations_organization_created_idx), theirs only when limited.
  scope: byOrganizationAndLocation(locations.organizationId, locations.id),
});

export type LocationRecord = RecordOf<typeof locationsList>;
type LocationOption = {
  locationId: typeof locations.id;
  name: typeof locations.name;
  organizationId: typeof locations.organizationId;
};

/** A location is reactivated only while its organisation is active (locked until the change ends). */
const organizationActive = (_id: HeldRecord) =>
  sql`exists (select 1 from ${organizations} where ${organizations}.id = ${locations}.organization_id and ${organizations}.deleted_at is null for share)`;

export class LocationsRepository extends KitRepository<LocationRecord, LocationOption, typeof locations> {
  constructor(db: Database) {
    super(db, {
      list: locationsList,
      writes: {
        table: locations,
        activatesOnlyIf: organizationActive,
        keepsActive: (id) => devicesAt(id, true),
        keepsRow: (id) => devicesAt(id, false),
      },
      // The typeahead finds a location by its name, city or organisation's name.
      typeahead: {
        searchText: locations.searchText,
        fields: { locationId: locations.id, name: locations.name, organizationId: locations.organizationId },
      },
    });
  }

  /**
   * True when the organisation exists and is active, and then it stays so until the caller's
   * transaction ends: its deactivation waits, and then sees the location.
   */
  lockOrganization(organizationId: number): Promise<boolean> {
    return lockActive(this.db, organizations, organizationId);
  }

  /** The MAC addresses of a few of its devices (the active ones only, or all) and how many there are. */
  async deviceMacs(id: number, activeOnly: boolean, limit: number) {
    const rows = await this.db
      .select({ macAddress: devices.macAddress, total: sql<number>`(count(*) over ())::int` })
      .from(devices)
      .where(and(eq(devices.locationId, id), activeOnly ? isNull(devices.deletedAt) : undefined))
      .orderBy(devices.macAddress)
      .limit(limit);
    return { macAddresses: rows.map((row) => row.macAddress), total: rows[0]?.total ?? 0 };
  }

  /** Active locations whose name, city or organisation's name contains the text, of one or all, in `scope`. */
  quickSearchIn(text: string, organizationId: number | undefined, scope?: AccessScope) {
    return this.quickSearch(text, { where: ofOrganization(organizationId), scope });
  }
}
