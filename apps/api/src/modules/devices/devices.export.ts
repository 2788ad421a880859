import type { DeviceConnection } from '@scentia/shared/devices.schemas';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import type { Language } from '@scentia/shared/locales';
import { recordExportColumns } from '../../lib/resource-kit/record-export.ts';
import type { DeviceRecord } from './devices.repository.ts';

/** The devices spreadsheet's columns, headed in the request's language; the connection as of `now`. */
export function deviceExportColumns(
  language: Language,
  connectionOf: (lastSeenAt: Date | null) => DeviceConnection,
) {
  return recordExportColumns<DeviceRecord>(language, (t) => [
    { header: t('export.macAddress'), width: 20, value: (row) => formatMacAddress(row.macAddress) },
    { header: t('export.organization'), width: 28, value: (row) => row.organizationName },
    { header: t('export.location'), width: 28, value: (row) => row.locationName },
    { header: t('export.campaign'), width: 28, value: (row) => row.campaignName },
    { header: t('export.user'), width: 28, value: (row) => row.userName },
    {
      header: t('export.connection'),
      width: 16,
      value: (row) => t(`connection.${connectionOf(row.lastSeenAt)}`),
    },
    { header: t('export.lastSeenAt'), width: 20, value: (row) => row.lastSeenAt },
    { header: t('export.firmwareVersion'), width: 14, value: (row) => row.firmwareVersion },
  ]);
}
