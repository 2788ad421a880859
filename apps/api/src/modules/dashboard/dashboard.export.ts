import type { DashboardSite, ShotsFragrance } from '@scentia/shared/dashboard.schemas';
import type { Language } from '@scentia/shared/locales';
import { type MessageKey, translate } from '../../i18n/translate.ts';
import type { ExportColumn } from '../../lib/xlsx-export.ts';
import type { ShotCampaignExportRow } from './dashboard.service.ts';

const translator = (language: Language) => (key: MessageKey) => translate(language, key);

/** `/export-shot-campaign`: one row per campaign and fragrance, as the chart lists them. */
export function shotCampaignColumns(language: Language): ExportColumn<ShotCampaignExportRow>[] {
  const t = translator(language);
  return [
    { header: t('export.campaign'), width: 32, value: (row) => row.campaignName },
    { header: t('export.fragrance'), width: 32, value: (row) => row.fragranceName },
    { header: t('export.shots'), width: 14, value: (row) => row.shots },
  ];
}

/** `/export-shot-fragrance`: one row per fragrance. */
export function shotFragranceColumns(language: Language): ExportColumn<ShotsFragrance>[] {
  const t = translator(language);
  return [
    { header: t('export.fragrance'), width: 32, value: (row) => row.fragranceName },
    { header: t('export.shots'), width: 14, value: (row) => row.shotsTotal },
  ];
}

/** `/dashboard/sites/export`: the sites table's columns (the location's only when grouped by location). */
export function siteColumns(language: Language, byLocation: boolean): ExportColumn<DashboardSite>[] {
  const t = translator(language);
  return [
    { header: t('export.organization'), width: 32, value: (row) => row.organizationName },
    ...(byLocation
      ? [{ header: t('export.location'), width: 32, value: (row: DashboardSite) => row.locationName }]
      : []),
    { header: t('export.shots'), width: 14, value: (row) => row.shots },
    { header: t('export.activeDevices'), width: 16, value: (row) => row.activeDevices },
    { header: t('export.offlineDevices'), width: 16, value: (row) => row.offlineDevices },
    { header: t('export.capsulesRunningOut'), width: 18, value: (row) => row.capsulesRunningOut },
  ];
}
