import type { DeviceAction } from '@scentia/shared/devices.rules';
import type { DeviceMove } from '@scentia/shared/devices.schemas';
import { ErrorCode } from '@scentia/shared/error-codes';
import type { AccessScope } from '../../lib/access-scope.ts';
import { AppError, invalidFields } from '../../lib/app-error.ts';
import { notFoundOutcomes, type RowOutcome } from '../../lib/resource-kit/bulk-chunks.ts';
import type { DeviceRecord, DevicesRepository } from './devices.repository.ts';
import { moveDevices } from './devices-bulk.repository.ts';
import { lockActiveCampaigns, lockActiveLocations } from './devices-import.repository.ts';

type DeviceBulkOptions = {
  repository: DevicesRepository;
  getRecords(ids: number[], scope?: AccessScope): Promise<DeviceRecord[]>;
  /** The shared rule (`deviceActionRefusal` of the record's state). */
  refusal(record: DeviceRecord, action: DeviceAction): ErrorCode | undefined;
};

/**
 * The devices' bulk actions a chunk at once, as their single commands decide each row: retiring (the
 * credential revoked with it) and moving to a location and/or campaign, under the form's rules (the
 * device active, the places active and held so while the chunk's one statement writes).
 */
export function deviceBulkActions({ repository, getRecords, refusal }: DeviceBulkOptions) {
  /** After a statement that skipped `id` although its rule allowed it: the rule on the record now. */
  async function changedOutcome(id: number, action: DeviceAction): Promise<RowOutcome> {
    const [current] = await getRecords([id]);
    if (!current) return new AppError(ErrorCode.NOT_FOUND);
    return new AppError(refusal(current, action) ?? ErrorCode.CONFLICT);
  }

  return {
    /** `deactivate` of a chunk: the active devices retired by one statement; inactive ones unchanged. */
    async deactivate(ids: number[], scope?: AccessScope): Promise<Map<number, RowOutcome>> {
      const outcomes = notFoundOutcomes(ids);
      const active: number[] = [];
      for (const record of await getRecords(ids, scope)) {
        if (record.deletedAt) outcomes.set(record.id, 'unchanged');
        else active.push(record.id);
      }
      const retired = new Set(await repository.transaction((tx) => tx.retireMany(active)));
      // One the statement found retired already was retired meanwhile: as asked.
      for (const id of active) outcomes.set(id, retired.has(id) ? 'done' : 'unchanged');
      return outcomes;
    },

    /**
     * `move` of a chunk: each device asked the form's rule (`edit`: active), one already there is
     * unchanged; the places locked active once for the chunk (an inactive one refuses its rows on its
     * field, as the form does), the others moved by one statement.
     */
    async move(ids: number[], to: DeviceMove, scope?: AccessScope): Promise<Map<number, RowOutcome>> {
      const outcomes = notFoundOutcomes(ids);
      const moving: DeviceRecord[] = [];
      for (const record of await getRecords(ids, scope)) {
        const code = refusal(record, 'edit');
        const locationId = to.locationId ?? record.locationId;
        const campaignId = to.campaignId ?? record.campaignId;
        if (code) outcomes.set(record.id, new AppError(code));
        else if (locationId === record.locationId && campaignId === record.campaignId)
          outcomes.set(record.id, 'unchanged');
        else moving.push(record);
      }
      if (moving.length === 0) return outcomes;
      const moved = await repository.transaction(async (tx) => {
        const placeOf = (record: DeviceRecord) => ({
          locationId: to.locationId ?? record.locationId,
          campaignId: to.campaignId ?? record.campaignId,
        });
        const held = await lockActiveLocations(tx.db, [...new Set(moving.map((r) => placeOf(r).locationId))]);
        const playable = await lockActiveCampaigns(tx.db, [
          ...new Set(moving.map((record) => placeOf(record).campaignId)),
        ]);
        const allowed: number[] = [];
        for (const record of moving) {
          const place = placeOf(record);
          if (!held.has(place.locationId))
            outcomes.set(record.id, invalidFields({ path: 'locationId', key: 'field.locationInactive' }));
          else if (!playable.has(place.campaignId))
            outcomes.set(record.id, invalidFields({ path: 'campaignId', key: 'field.campaignInactive' }));
          else allowed.push(record.id);
        }
        return { allowed, written: new Set(await moveDevices(tx.db, allowed, to)) };
      });
      for (const id of moved.allowed)
        outcomes.set(id, moved.written.has(id) ? 'done' : await changedOutcome(id, 'edit'));
      return outcomes;
    },
  };
}
