import { DEVICE_CONNECTIONS } from '@scentia/shared/devices.schemas';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PERIOD_PARAMS,
  periodFromSearch,
  periodValues,
} from '../../../components/list-period/list-period.ts';
import { PeriodChip } from '../../../components/list-period/period-chip.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { campaignRecord } from '../../campaigns/api/get-campaign.ts';
import { campaignOptionsSource } from '../../campaigns/api/search-campaigns.ts';
import { locationRecord } from '../../locations/api/get-location.ts';
import { locationOptionsSource } from '../../locations/api/search-locations.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { DEVICE_FILTERS } from '../api/list-devices.ts';

const ID = /^[1-9]\d{0,9}$/;
const CONNECTIONS: readonly string[] = DEVICE_CONNECTIONS;
/** The campaign filter's parameter (the API's `campaignId`): the dashboard links here with it. */
const CAMPAIGN_ID = 'campaignId';

/**
 * The devices list's filters, held in the page's address (`?organizationId=3&connection=offline`) so
 * a link opens the list filtered: by organisation, by location, by campaign (the dashboard's
 * `?campaignId=3`: the devices playing it), by connection, and a period (`from`, `to`, `timeZone`, a
 * dashboard slice's) that gives each row its shots in it, shown as a removable chip. What the address
 * holds that is no valid value is ignored.
 */
export function useDeviceFilters() {
  const { t } = useTranslation('devices');
  const [search, setSearch] = useSearchParams();
  const idOf = (name: string) => {
    const typed = search.get(name) ?? '';
    return ID.test(typed) ? typed : '';
  };
  const organizationId = idOf(DEVICE_FILTERS.organizationId);
  const locationId = idOf(DEVICE_FILTERS.locationId);
  const campaignId = idOf(CAMPAIGN_ID);
  const typedConnection = search.get(DEVICE_FILTERS.connection) ?? '';
  const connection = CONNECTIONS.includes(typedConnection) ? typedConnection : '';
  const period = periodFromSearch(search, true);
  const values: Record<string, string> = {
    ...Object.fromEntries(
      [
        [DEVICE_FILTERS.organizationId, organizationId],
        [DEVICE_FILTERS.locationId, locationId],
        [CAMPAIGN_ID, campaignId],
        [DEVICE_FILTERS.connection, connection],
      ].filter(([, value]) => value),
    ),
    ...periodValues(period),
  };
  const organizationName = useOrganizationName(organizationId);
  const locationNumber = Number(locationId || 0);
  const locationName = locationRecord.useRecord(locationNumber, locationNumber > 0).data?.name;
  const campaignNumber = Number(campaignId || 0);
  const campaignName = campaignRecord.useRecord(campaignNumber, campaignNumber > 0).data?.name;

  function set(name: string, value: string | null) {
    const next = { ...values };
    if (value) next[name] = value;
    else delete next[name];
    setSearch(next, { replace: true });
  }

  function clearPeriod() {
    const next = { ...values };
    for (const name of Object.values(PERIOD_PARAMS)) delete next[name];
    setSearch(next, { replace: true });
  }

  const controls = (
    <>
      <TypeaheadSelect
        {...organizationOptionsSource()}
        className="device-filter"
        value={organizationId || null}
        valueLabel={organizationName}
        onChange={(value) => set(DEVICE_FILTERS.organizationId, value)}
        placeholder={t('filters.organizationPlaceholder')}
        aria-label={t('filters.organization')}
      />
      <TypeaheadSelect
        {...locationOptionsSource(organizationId)}
        className="device-filter"
        value={locationId || null}
        valueLabel={locationName}
        onChange={(value) => set(DEVICE_FILTERS.locationId, value)}
        placeholder={t('filters.locationPlaceholder')}
        aria-label={t('filters.location')}
      />
      <TypeaheadSelect
        {...campaignOptionsSource()}
        className="device-filter"
        value={campaignId || null}
        valueLabel={campaignName}
        onChange={(value) => set(CAMPAIGN_ID, value)}
        placeholder={t('filters.campaignPlaceholder')}
        aria-label={t('filters.campaign')}
      />
      <Select<string | null>
        className="device-filter"
        value={connection || null}
        onChange={(value) => set(DEVICE_FILTERS.connection, value)}
        allowClear
        placeholder={t('filters.connectionPlaceholder')}
        aria-label={t('filters.connection')}
        options={DEVICE_CONNECTIONS.map((value) => ({ value, label: t(`connection.${value}`) }))}
      />
      {period && <PeriodChip period={period} onClear={clearPeriod} />}
    </>
  );
  // A slice's number counts retired devices and capsules taken out too: a period opens every row.
  return { values, controls, period, initialActiveFilter: period ? ('all' as const) : undefined };
}
