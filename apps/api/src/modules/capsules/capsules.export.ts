import { formatMacAddress } from '@scentia/shared/devices.schemas';
import type { Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { CapsuleRecord } from './capsules.repository.ts';

/** The capsules spreadsheet's columns, headed in the request's language. */
export function capsuleExportColumns(language: Language) {
  return recordExportColumns<CapsuleRecord>(language, (t) => [
    { header: t('export.serialNumber'), width: 20, value: (row) => row.serialNumber },
    { header: t('export.fragrance'), width: 28, value: (row) => row.fragranceName },
    { header: t('export.sizeShots'), width: 12, value: (row) => row.sizeShots },
    { header: t('export.remainingShots'), width: 14, value: (row) => row.remainingShots },
    {
      header: t('export.device'),
      width: 20,
      value: (row) => (row.macAddress ? formatMacAddress(row.macAddress) : null),
    },
    { header: t('export.slot'), width: 8, value: (row) => row.slot },
    { header: t('export.dueDate'), width: 12, value: (row) => row.dueDate },
    {
      header: t('export.runsOutOn'),
      width: 14,
      value: (row) => (row.deletedAt === null ? row.runsOutOn : null),
    },
  ]);
}
