import { type DeviceAction, deviceActionRefusal } from '@scentia/shared/devices.rules';
import {
  type DeviceBody,
  type DeviceConnection,
  type DeviceListQuery,
  type DeviceRecord as DeviceRecordAnswer,
  type DeviceRow,
  macSearchWord,
  RESET_CODE_DIGITS,
  RESET_CODE_STEP_SECONDS,
  type ResetCode,
} from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { Page } from '@scentia/shared/list.schemas';
import type { Schedule } from '@scentia/shared/schedules.schemas';
import type { AccessScope } from '../../lib/access-scope.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { countRangesFor } from '../../lib/count-period.ts';
import type { DeviceSecretBox } from '../../lib/device-secrets.ts';
import { oneTimeCodeAt } from '../../lib/one-time-codes.ts';
import type { ImportSaves } from '../../lib/resource-kit/import/import-declaration.ts';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import { kitService } from '../../lib/resource-kit/kit-service.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { recordSaves } from '../../lib/resource-kit/record-saves.ts';
import { recordStates } from '../../lib/resource-kit/record-states.ts';
import { deviceImport } from './devices.import.ts';
import { type DeviceRecord, DevicesRepository } from './devices.repository.ts';
import { deviceBulkActions } from './devices-bulk.ts';
import { deviceShotsInPeriod } from './devices-shots.repository.ts';

export type DevicesServiceOptions = {
  repository: DevicesRepository;
  secrets: DeviceSecretBox;
  offlineAfterMinutes: number;
  /** The clock: the connection of each row and the reset code's step (tests pass a fixed one). */
  now?: () => Date;
};

/** The shared rule's view of a device. */
const stateOf = (record: DeviceRecord) => ({
  isActive: record.deletedAt === null,
  isLocationActive: record.locationDeletedAt === null,
  hasUser: record.userId !== null,
  isProvisioned: record.hasSecret,
  hasShots: record.hasShots,
});

/**
 * The diffusers (packages/shared devices.rules.ts). A save needs an active location and campaign,
 * locked with the write so that their deactivation cannot slip in between (400 on the field); the MAC
 * address is unique (409 DEVICE_MAC_TAKEN). Retiring revokes the credential; a reset code is computed
 * from the device's sealed secret and recorded in the trail, the code itself never.
 */
export function createDevicesService(options: DevicesServiceOptions) {
  const { repository, secrets, offlineAfterMinutes } = options;
  const now = options.now ?? (() => new Date());

  function connectionOf(lastSeenAt: Date | null): DeviceConnection {
    if (!lastSeenAt) return 'never';
    return now().getTime() - lastSeenAt.getTime() < offlineAfterMinutes * 60_000 ? 'online' : 'offline';
  }

  function toRow(record: DeviceRecord): DeviceRow {
    return {
      deviceId: record.id,
      macAddress: record.macAddress,
      location: { locationId: record.locationId, name: record.locationName, timeZone: record.timeZone },
      owner: { organizationId: record.organizationId, nome: record.organizationName },
      campaign: { campaignId: record.campaignId, name: record.campaignName },
      user: record.userId === null ? null : { id: record.userId, nome: record.userName ?? '' },
      connection: connectionOf(record.lastSeenAt),
      lastSeenAt: record.lastSeenAt?.toISOString() ?? null,
      firmwareVersion: record.firmwareVersion,
      isProvisioned: record.isProvisioned,
      hasOwnSchedule: record.schedule !== null,
      shotsInPeriod: null,
      ...kitRow(record),
    };
  }

  const reads = recordReads({ list: repository.list, reader: repository.reader, toRow });
  const { getRecord } = reads;
  const refusal = (record: DeviceRecord, action: DeviceAction) =>
    deviceActionRefusal(stateOf(record), action);
  const states = recordStates({ reads, writes: repository.writes, refusal });
  const bulkActions = deviceBulkActions({ repository, getRecords: reads.getRecords, refusal });

  /**
   * The device page: the row, its campaign's slots, its capsules and the schedule it runs; a device
   * outside the caller's scope is a 404.
   */
  async function getDevice(id: number, scope?: AccessScope): Promise<DeviceRecordAnswer> {
    const record = await getRecord(id, scope);
    const [collection, capsules] = await Promise.all([
      repository.collection(record.campaignId),
      repository.capsulesIn(id),
    ]);
    const ownSchedule = record.schedule;
    return {
      ...toRow(record),
      collection: collection.map((entry) => ({
        slot: entry.slot,
        fragranceId: entry.fragranceId,
        shotSeconds: entry.shotSeconds,
        fragrance: { name: entry.fragranceName },
      })),
      capsules: capsules.map((capsule) => ({
        capsuleId: capsule.capsuleId,
        slot: capsule.slot ?? 0,
        serialNumber: capsule.serialNumber,
        fragrance: { fragranceId: capsule.fragranceId, name: capsule.fragranceName },
        sizeShots: capsule.sizeShots,
        remainingShots: capsule.remainingShots,
        dueDate: capsule.dueDate,
        runsOutOn: capsule.runsOutOn,
      })),
      schedule: {
        source: ownSchedule ? 'device' : 'location',
        timeZone: record.timeZone,
        ranges: (ownSchedule ?? record.locationSchedule).ranges,
      },
      ownSchedule,
    };
  }

  const valuesOf = (body: DeviceBody) => ({
    macAddress: body.macAddress,
    locationId: body.locationId,
    campaignId: body.campaignId,
  });

  /** A save holds its location and campaign active; an inactive or unknown one is a 400. */
  const saves = recordSaves({
    reads,
    repository,
    states,
    unique: { devices_mac_address_key: ErrorCode.DEVICE_MAC_TAKEN },
    lockReferences: async (tx, body: DeviceBody) => {
      if (!(await tx.lockLocation(body.locationId))) {
        throw invalidFields({ path: 'locationId', key: 'field.locationInactive' });
      }
      if (!(await tx.lockCampaign(body.campaignId))) {
        throw invalidFields({ path: 'campaignId', key: 'field.campaignInactive' });
      }
    },
    values: valuesOf,
  });

  /** The record (404 outside `scope`), refused with the rule's 409 for `action`. */
  async function allowed(id: number, action: DeviceAction, scope?: AccessScope): Promise<DeviceRecord> {
    const record = await getRecord(id, scope);
    states.assertAllowed(record, action);
    return record;
  }

  /**
   * The list; with a period, each row's shots in it (of the campaign filtered on), read for the page's
   * rows only from the counts ingestion keeps.
   */
  async function list(query: DeviceListQuery, scope?: AccessScope): Promise<Page<DeviceRow>> {
    const isCounted = query.from !== undefined || query.to !== undefined;
    const ranges = isCounted ? countRangesFor(query, now().getTime()) : undefined;
    const page = await reads.list(query, scope);
    if (!ranges) return page;
    const shots = await deviceShotsInPeriod(
      repository.db,
      page.data.map((row) => row.deviceId),
      ranges,
      query.campaignId,
    );
    return {
      ...page,
      data: page.data.map((row) => ({ ...row, shotsInPeriod: shots.get(row.deviceId) ?? 0 })),
    };
  }

  return {
    ...kitService({ reads, states, saves }),
    connectionOf,
    // Where a device differs from the kit's record: its list counts shots in a period, its page is
    // more than a row, and deactivating retires it (its credential revoked), one or many at once.
    list,
    /** `GET /devices/{id}` answers the device page's record, more than a row. */
    get: getDevice,

    /** Retires the device: inactive, and its credential and secret revoked (it must provision again). */
    async deactivate(id: number): Promise<void> {
      const record = await getRecord(id);
      if (record.deletedAt) return;
      await repository.transaction((tx) => tx.retire(id));
    },

    /** A bulk action's chunk at once: activate and delete as the kit's, retiring and moving the devices'. */
    bulkStates: {
      activate: states.bulk.activate,
      deactivate: bulkActions.deactivate,
      delete: states.bulk.delete,
    },
    moveMany: bulkActions.move,

    /**
     * The spreadsheet import (devices.import.ts): written a chunk at a time; its row-by-row saves are
     * this service's own on the import's transaction.
     */
    importer: {
      db: repository.db,
      declaration: deviceImport(
        (db): ImportSaves<DeviceBody> =>
          createDevicesService({ ...options, repository: new DevicesRepository(db, repository.list) }),
      ),
    },

    /**
     * Active devices whose MAC (typed with or without separators), campaign, user or place matches,
     * within `scope`.
     */
    quickSearch: (text: string, scope?: AccessScope) =>
      repository.quickSearch(text.trim().split(/\s+/).map(macSearchWord).join(' '), { scope }),

    /**
     * The device's current reset code (RFC 6238 over its secret), and the trail's note that it was
     * shown (who, which device, until when; never the code), in one transaction. A Manager gets the
     * codes of their own devices (pairing a shop's app user); another's device is a 404.
     */
    async resetCode(id: number, scope?: AccessScope): Promise<ResetCode> {
      await allowed(id, 'resetCode', scope);
      return repository.transaction(async (tx) => {
        const sealed = await tx.lockSecret(id);
        if (!sealed) throw new AppError(ErrorCode.NOT_FOUND);
        if (sealed.deletedAt) throw new AppError(ErrorCode.RECORD_INACTIVE);
        if (!sealed.secret) throw new AppError(ErrorCode.DEVICE_NOT_PROVISIONED);
        const at = now();
        const code = oneTimeCodeAt(secrets.open(sealed.secret), at.getTime(), {
          stepSeconds: RESET_CODE_STEP_SECONDS,
          digits: RESET_CODE_DIGITS,
        });
        await tx.noteResetCodeShown(id, code.stepEndsAt);
        return {
          code: code.code,
          secondsLeft: code.secondsLeft,
          stepSeconds: RESET_CODE_STEP_SECONDS,
          validUntil: code.stepEndsAt.toISOString(),
          serverTime: at.toISOString(),
        };
      });
    },

    /** Unlinks the device's user (the admin's disconnect); DEVICE_NO_USER when nobody is linked. */
    async removeUser(id: number): Promise<DeviceRow> {
      await allowed(id, 'removeUser');
      if (!(await repository.transaction((tx) => tx.removeUser(id)))) {
        throw new AppError(ErrorCode.DEVICE_NO_USER);
      }
      return toRow(await getRecord(id));
    },

    /** Unlinks a user from every device; USER_NO_DEVICE when they are linked to none. */
    async removeUserEverywhere(userId: number): Promise<{ devices: number }> {
      const removed = await repository.transaction(async (tx) => {
        if (!(await tx.userExists(userId))) throw new AppError(ErrorCode.NOT_FOUND);
        return tx.removeUserEverywhere(userId);
      });
      if (removed === 0) throw new AppError(ErrorCode.USER_NO_DEVICE);
      return { devices: removed };
    },

    /** Lets the device provision itself again (a replaced board, a lost credential). */
    async reprovision(id: number): Promise<DeviceRow> {
      await allowed(id, 'reprovision');
      await repository.transaction((tx) => tx.clearCredential(id));
      return toRow(await getRecord(id));
    },

    /**
     * Its own schedule, or null to follow its location's; a save over a newer version than `version`
     * (the device's `updatedAt` the form loaded) is STALE_RECORD.
     */
    async setSchedule(
      id: number,
      schedule: Schedule | null,
      version?: string,
      scope?: AccessScope,
    ): Promise<DeviceRecordAnswer> {
      await allowed(id, 'schedule', scope);
      if (!(await repository.transaction((tx) => tx.setSchedule(id, schedule, version)))) {
        states.assertAllowed(await getRecord(id, scope), 'schedule');
        throw new AppError(ErrorCode.STALE_RECORD);
      }
      return getDevice(id, scope);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
