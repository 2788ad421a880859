import { CloseOutlined } from '@ant-design/icons';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PERIOD_PARAMS,
  periodFromSearch,
  periodValues,
} from '../../../components/list-period/list-period.ts';
import { PeriodChip } from '../../../components/list-period/period-chip.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { deviceRecord } from '../../devices/api/get-device.ts';
import { fragranceRecord } from '../../fragrances/api/get-fragrance.ts';
import { fragranceOptionsSource } from '../../fragrances/api/search-fragrances.ts';
import { locationRecord } from '../../locations/api/get-location.ts';
import { locationOptionsSource } from '../../locations/api/search-locations.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { CAPSULE_FILTERS } from '../api/list-capsules.ts';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The capsules list's filters, held in the page's address (`?deviceId=4`, `?fragranceId=2`) so a
 * device's or a fragrance's page links to its capsules: fragrance, organisation and location
 * typeaheads (the capsules now in a device there), the device the list was opened for, and a period
 * (`from`, `to`: a dashboard slice's, read as UTC days) that gives each row its shots in it; the
 * device and the period as chips with a button that clears them. What the address holds that is no
 * valid value is ignored.
 */
export function useCapsuleFilters() {
  const { t } = useTranslation('capsules');
  const [search, setSearch] = useSearchParams();
  const idOf = (name: string) => {
    const typed = search.get(name) ?? '';
    return ID.test(typed) ? typed : '';
  };
  const deviceId = idOf(CAPSULE_FILTERS.deviceId);
  const fragranceId = idOf(CAPSULE_FILTERS.fragranceId);
  const organizationId = idOf(CAPSULE_FILTERS.organizationId);
  const locationId = idOf(CAPSULE_FILTERS.locationId);
  // Capsules are counted per UTC day only: the period is read without a zone.
  const period = periodFromSearch(search, false);
  const values: Record<string, string> = {
    ...Object.fromEntries(
      [
        [CAPSULE_FILTERS.deviceId, deviceId],
        [CAPSULE_FILTERS.fragranceId, fragranceId],
        [CAPSULE_FILTERS.organizationId, organizationId],
        [CAPSULE_FILTERS.locationId, locationId],
      ].filter(([, value]) => value),
    ),
    ...periodValues(period),
  };
  const organizationName = useOrganizationName(organizationId);
  const locationNumber = Number(locationId || 0);
  const locationName = locationRecord.useRecord(locationNumber, locationNumber > 0).data?.name;
  const deviceNumber = Number(deviceId || 0);
  const device = deviceRecord.useRecord(deviceNumber, deviceNumber > 0).data;
  const fragranceNumber = Number(fragranceId || 0);
  const fragranceName = fragranceRecord.useRecord(fragranceNumber, fragranceNumber > 0).data?.name;

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

  const deviceLabel = device ? formatMacAddress(device.macAddress) : `#${deviceId}`;
  const controls = (
    <>
      <TypeaheadSelect
        {...fragranceOptionsSource()}
        className="capsule-filter"
        value={fragranceId || null}
        valueLabel={fragranceName}
        onChange={(value) => set(CAPSULE_FILTERS.fragranceId, value)}
        placeholder={t('filters.fragrancePlaceholder')}
        aria-label={t('filters.fragrance')}
      />
      <TypeaheadSelect
        {...organizationOptionsSource()}
        className="capsule-site-filter"
        value={organizationId || null}
        valueLabel={organizationName}
        onChange={(value) => set(CAPSULE_FILTERS.organizationId, value)}
        placeholder={t('filters.organizationPlaceholder')}
        aria-label={t('filters.organization')}
      />
      <TypeaheadSelect
        {...locationOptionsSource(organizationId)}
        className="capsule-site-filter"
        value={locationId || null}
        valueLabel={locationName}
        onChange={(value) => set(CAPSULE_FILTERS.locationId, value)}
        placeholder={t('filters.locationPlaceholder')}
        aria-label={t('filters.location')}
      />
      {deviceId && (
        <Tag className="capsule-device-filter">
          {t('filters.device', { device: deviceLabel })}
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('filters.clearDevice', { device: deviceLabel })}
            onClick={() => set(CAPSULE_FILTERS.deviceId, null)}
          />
        </Tag>
      )}
      {period && <PeriodChip period={period} onClear={clearPeriod} />}
    </>
  );
  // A slice's number counts retired devices and capsules taken out too: a period opens every row.
  return { values, controls, period, initialActiveFilter: period ? ('all' as const) : undefined };
}
