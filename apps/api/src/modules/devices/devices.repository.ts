import { type DeviceListQuery, macSearchWord } from '@scentia/shared/devices.schemas';
import type { Schedule } from '@scentia/shared/schedules.schemas';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campaignSlots,
  campaigns,
  capsuleForecasts,
  capsuleLevels,
  capsules,
  deviceStates,
  devices,
  fragrances,
  locations,
  organizations,
  shotBatches,
  users,
} from '../../db/schema/index.ts';
import { KitRepository } from '../../lib/resource-kit/kit-repository.ts';
import { byOrganizationAndLocation } from '../../lib/resource-kit/record-scope.ts';
import {
  type HeldRecord,
  isVersion,
  lockActive,
  updateRecord,
} from '../../lib/resource-kit/record-writes.ts';
import { type RecordOf, resourceList } from '../../lib/resource-kit/resource-list.ts';

/** Whether the device was heard from after `since` (online), before it (offline), or never. */
function connectionFilter(connection: DeviceListQuery['connection'], offlineAfterMinutes: number) {
  if (!connection) return undefined;
  const since = sql`now() - make_interval(mins => ${offlineAfterMinutes})`;
  const seen = (condition: SQL) =>
    sql`${devices.id} in (select ${deviceStates.deviceId} from ${deviceStates} where ${condition})`;
  if (connection === 'online') return seen(sql`${deviceStates.lastSeenAt} > ${since}`);
  if (connection === 'offline') return seen(sql`${deviceStates.lastSeenAt} <= ${since}`);
  return sql`not ${seen(sql`${deviceStates.lastSeenAt} is not null`)}`;
}

/** The list's own filters: organisation, location, campaign and connection. */
const deviceFilter = (offlineAfterMinutes: number) => (query: DeviceListQuery) =>
  and(
    query.organizationId === undefined ? undefined : eq(devices.organizationId, query.organizationId),
    query.locationId === undefined ? undefined : eq(devices.locationId, query.locationId),
    query.campaignId === undefined ? undefined : eq(devices.campaignId, query.campaignId),
    connectionFilter(query.connection, offlineAfterMinutes),
  );

/**
 * The devices list. Its sorts read the devices' own columns (the `search_*` copies the triggers of
 * migration 0023 keep, each indexed with the id and the state), so a deep page picks its ids from an
 * index alone; only the last-seen sort reads `device_states`.
 */
export function devicesListOf(offlineAfterMinutes: number) {
  return resourceList({
    table: devices,
    id: devices.id,
    deletedAt: devices.deletedAt,
    columns: {
      id: devices.id,
      macAddress: devices.macAddress,
      locationId: devices.locationId,
      locationName: locations.name,
      timeZone: locations.timeZone,
      locationDeletedAt: locations.deletedAt,
      locationSchedule: locations.schedule,
      organizationId: devices.organizationId,
      organizationName: organizations.name,
      campaignId: devices.campaignId,
      campaignName: campaigns.name,
      userId: devices.userId,
      userName: users.name,
      pairedAt: devices.pairedAt,
      schedule: devices.schedule,
      isProvisioned: sql<boolean>`(${devices.credentialHash} is not null)`,
      hasSecret: sql<boolean>`(${devices.secretCiphertext} is not null)`,
      hasShots: sql<boolean>`exists (select 1 from ${shotBatches} where ${shotBatches.deviceId} = ${devices.id})`,
      lastSeenAt: deviceStates.lastSeenAt,
      firmwareVersion: deviceStates.firmwareVersion,
      createdAt: devices.createdAt,
      updatedAt: devices.updatedAt,
      deletedAt: devices.deletedAt,
    },
    joins: (query) =>
      query
        .innerJoin(locations, eq(devices.locationId, locations.id))
        .innerJoin(organizations, eq(devices.organizationId, organizations.id))
        .innerJoin(campaigns, eq(devices.campaignId, campaigns.id))
        .leftJoin(users, eq(devices.userId, users.id))
        .leftJoin(deviceStates, eq(deviceStates.deviceId, devices.id)),
    // Inner joins on NOT NULL keys and left joins on a unique key: one row each, and the filters read
    // the devices' own columns (the connection through a subquery).
    joinsOnlyAddColumns: true,
    searchIn: [devices.searchText],
    searchWord: macSearchWord,
    filter: deviceFilter(offlineAfterMinutes),
    sortable: {
      MacAddress: devices.macAddress,
      'Campaign.Name': devices.searchCampaign,
      'User.Nome': devices.searchUser,
      'Owner.Nome': devices.searchOwner,
      'Location.Name': devices.searchLocation,
      CreatedAt: devices.createdAt,
      UpdatedAt: devices.updatedAt,
      LastSeenAt: deviceStates.lastSeenAt,
    },
    defaultSort: 'CreatedAt',
    rowCounts: 'devices',
    // A member's organisation's devices (devices_organization_idx), at their locations when limited.
    scope: byOrganizationAndLocation(devices.organizationId, devices.locationId),
  });
}

export type DevicesList = ReturnType<typeof devicesListOf>;
export type DeviceRecord = RecordOf<DevicesList>;
type DeviceOption = { deviceId: typeof devices.id; macAddress: typeof devices.macAddress };
export type DeviceValues = { macAddress: string; locationId: number; campaignId: number };

/** A device that ever sent a batch keeps its row: the statistics name it. */
const hasShots = (id: HeldRecord) =>
  sql`exists (select 1 from ${shotBatches} where ${shotBatches.deviceId} = ${id})`;
/** A device is reactivated only while its location is active (locked until the change ends). */
const locationActive = (_id: HeldRecord) =>
  sql`exists (select 1 from ${locations} where ${locations}.id = ${devices}.location_id and ${locations}.deleted_at is null for share)`;

/** What provisioning gave the device: cleared when it is retired or staff allow a new provisioning. */
const NO_CREDENTIAL = { credentialHash: null, secretCiphertext: null, provisionedAt: null };

export class DevicesRepository extends KitRepository<DeviceRecord, DeviceOption, typeof devices> {
  /** `list` is the service's (`devicesListOf`, with the configured offline delay). */
  constructor(
    db: Database,
    readonly list: DevicesList,
  ) {
    super(db, {
      list,
      writes: { table: devices, keepsRow: hasShots, activatesOnlyIf: locationActive },
      typeahead: {
        searchText: devices.searchText,
        fields: { deviceId: devices.id, macAddress: devices.macAddress },
      },
    });
  }

  override transaction<T>(work: (repository: this) => Promise<T>): Promise<T> {
    const Repository = this.constructor as new (db: Database, list: DevicesList) => this;
    return this.db.transaction((tx) => work(new Repository(tx as unknown as Database, this.list)));
  }

  /** True when the location exists and is active, and it stays so until the transaction ends. */
  lockLocation(locationId: number): Promise<boolean> {
    return lockActive(this.db, locations, locationId);
  }

  /** True when the campaign exists and is active, and it stays so until the transaction ends. */
  lockCampaign(campaignId: number): Promise<boolean> {
    return lockActive(this.db, campaigns, campaignId);
  }

  /** Its organisation is its location's (the devices_names trigger keeps it so on every change too). */
  override async insert(values: DeviceValues): Promise<number> {
    const [row] = await this.db
      .insert(devices)
      .values({
        ...values,
        organizationId: sql`(select ${locations.organizationId} from ${locations} where ${locations.id} = ${values.locationId})`,
      })
      .returning({ id: devices.id });
    if (!row) throw new Error('Device not inserted');
    return row.id;
  }

  /**
   * The kit's update, of an active device only: its own columns when its version is `updatedAt` (to
   * the millisecond, as the answer wrote it); false when it is inactive, gone or newer.
   */
  override async update(id: number, values: DeviceValues, updatedAt?: string): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(devices.id, id), isNull(devices.deletedAt), isVersion(devices.updatedAt, updatedAt)))
      .returning({ id: devices.id });
    return rows.length === 1;
  }

  /** Retires the device and revokes its credential in one statement; false when nothing changed. */
  async retire(id: number): Promise<boolean> {
    return (await this.retireMany([id])).length === 1;
  }

  /** `retire` of many devices in one statement (a bulk deactivate's chunk): the ids retired. */
  async retireMany(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const now = new Date();
    const rows = await this.db
      .update(devices)
      .set({ ...NO_CREDENTIAL, deletedAt: now, updatedAt: now })
      .where(and(inArray(devices.id, ids), isNull(devices.deletedAt)))
      .returning({ id: devices.id });
    return rows.map((row) => row.id);
  }

  /** Lets the device provision itself again: its credential and secret go. */
  async clearCredential(id: number): Promise<void> {
    await updateRecord(this.db, devices, id, NO_CREDENTIAL);
  }

  /** The device's sealed reset-code secret, locked for the caller's transaction (null: none). */
  async lockSecret(id: number): Promise<{ secret: string | null; deletedAt: Date | null } | undefined> {
    const [row] = await this.db
      .select({ secret: devices.secretCiphertext, deletedAt: devices.deletedAt })
      .from(devices)
      .where(eq(devices.id, id))
      .for('share');
    return row;
  }

  /** Records in the trail that a reset code was shown, and until when it is current (never the code). */
  async noteResetCodeShown(id: number, validUntil: Date): Promise<void> {
    await this.db.execute(sql`select audit_note('device', ${String(id)}, 'device_reset_codes', ${String(id)},
      null, jsonb_build_object('valid_until', ${validUntil.toISOString()}::text))`);
  }

  /** Unlinks the device's user; false when none was linked. */
  async removeUser(id: number): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ userId: null, pairedAt: null, updatedAt: new Date() })
      .where(and(eq(devices.id, id), sql`${devices.userId} is not null`))
      .returning({ id: devices.id });
    return rows.length === 1;
  }

  /** Unlinks the user from every device; answers how many were linked. */
  async removeUserEverywhere(userId: number): Promise<number> {
    const rows = await this.db
      .update(devices)
      .set({ userId: null, pairedAt: null, updatedAt: new Date() })
      .where(eq(devices.userId, userId))
      .returning({ id: devices.id });
    return rows.length;
  }

  async userExists(userId: number): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return rows.length === 1;
  }

  /**
   * Sets the device's own schedule (null: its location's); false when the device is inactive, gone or
   * no longer at `version` (the `updatedAt` the save was based on, if any).
   */
  async setSchedule(id: number, schedule: Schedule | null, version?: string): Promise<boolean> {
    const rows = await this.db
      .update(devices)
      .set({ schedule, updatedAt: new Date() })
      .where(and(eq(devices.id, id), isNull(devices.deletedAt), isVersion(devices.updatedAt, version)))
      .returning({ id: devices.id });
    return rows.length === 1;
  }

  /** The slots the campaign's collection fills, with each fragrance's name. */
  collection(campaignId: number) {
    return this.db
      .select({
        slot: campaignSlots.slot,
        fragranceId: campaignSlots.fragranceId,
        shotSeconds: campaignSlots.shotSeconds,
        fragranceName: fragrances.name,
      })
      .from(campaignSlots)
      .innerJoin(fragrances, eq(fragrances.id, campaignSlots.fragranceId))
      .where(eq(campaignSlots.campaignId, campaignId))
      .orderBy(asc(campaignSlots.slot));
  }

  /** The capsules in the device's slots, by slot. */
  capsulesIn(deviceId: number) {
    return this.db
      .select({
        capsuleId: capsules.id,
        slot: capsules.slot,
        serialNumber: capsules.serialNumber,
        fragranceId: capsules.fragranceId,
        fragranceName: fragrances.name,
        sizeShots: capsules.sizeShots,
        remainingShots: capsuleLevels.remainingShots,
        dueDate: capsules.dueDate,
        runsOutOn: capsuleForecasts.runsOutOn,
      })
      .from(capsules)
      .innerJoin(fragrances, eq(fragrances.id, capsules.fragranceId))
      .innerJoin(capsuleLevels, eq(capsuleLevels.capsuleId, capsules.id))
      .leftJoin(capsuleForecasts, eq(capsuleForecasts.capsuleId, capsules.id))
      .where(eq(capsules.deviceId, deviceId))
      .orderBy(asc(capsules.slot));
  }
}
