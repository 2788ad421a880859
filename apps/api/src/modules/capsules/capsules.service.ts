import type { CapsuleListQuery, CapsuleRow } from '@scentia/shared/capsules.schemas';
import type { Database } from '../../db/client.ts';
import { recordReads } from '../../lib/resource-kit/record-reads.ts';
import { type CapsuleRecord, capsulesList } from './capsules.repository.ts';

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
    ativo: record.deletedAt === null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    deletedAt: record.deletedAt?.toISOString() ?? null,
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
  return { list: reads.list, exportBatches: reads.exportBatches, get: reads.get };
}

export type CapsulesService = ReturnType<typeof createCapsulesService>;
