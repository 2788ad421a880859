import type { CapsuleListQuery, CapsuleRow } from '@scentia/shared/capsules.schemas';
import type { Page } from '@scentia/shared/list.schemas';
import type { Database } from '../../db/client.ts';
import type { AccessScope } from '../../lib/access-scope.ts';
import { countRangesFor } from '../../lib/count-period.ts';
import { kitRow } from '../../lib/resource-kit/kit-row.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { type CapsuleRecord, capsuleShotsInDays, capsulesList } from './capsules.repository.ts';

function toCapsuleRow(record: CapsuleRecord): CapsuleRow {
  return {
    capsuleId: record.id,
    serialNumber: record.serialNumber,
    fragrance: { fragranceId: record.fragranceId, name: record.fragranceName },
    sizeShots: record.sizeShots,
    remainingShots: record.remainingShots,
    device:
      record.deviceId === null || record.macAddress === null
        ? null
        : { deviceId: record.deviceId, macAddress: record.macAddress },
    slot: record.slot,
    dueDate: record.dueDate,
    runsOutOn: record.deletedAt === null ? record.runsOutOn : null,
    shotsInPeriod: null,
    ...kitRow(record),
  };
}

/**
 * The capsules, read-only: the devices' heartbeats create and move them and their shots count them
 * down (the device API); staff list, search, sort and export them.
 */
export function createCapsulesService(db: Database) {
  const reads = recordReads<CapsuleRecord, CapsuleRow, CapsuleListQuery>({
    list: capsulesList,
    reader: capsulesList.on(db),
    toRow: toCapsuleRow,
  });

  /**
   * The list; with a period, each row's shots in its whole UTC days (capsules are counted per UTC day
   * only), read for the page's rows from the counts ingestion keeps.
   */
  async function list(query: CapsuleListQuery, scope?: AccessScope): Promise<Page<CapsuleRow>> {
    const isCounted = query.from !== undefined || query.to !== undefined;
    const days = isCounted
      ? countRangesFor({ from: query.from, to: query.to, timeZone: 'UTC' }).days
      : undefined;
    const page = await reads.list(query, scope);
    if (!days) return page;
    const shots = await capsuleShotsInDays(
      db,
      page.data.map((row) => row.capsuleId),
      days,
    );
    return {
      ...page,
      data: page.data.map((row) => ({ ...row, shotsInPeriod: shots.get(row.capsuleId) ?? 0 })),
    };
  }

  // Not `kitService`: capsules are read-only (no saves, no state changes, so no bulk actions either);
  // their reads are the kit's, the list with its period's shots.
  return { list, exportBatches: reads.exportBatches, get: reads.get };
}

export type CapsulesService = ReturnType<typeof createCapsulesService>;
