import { CloseOutlined } from '@ant-design/icons';
import { formatMacAddress } from '@scentia/shared/devices.schemas';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { deviceRecord } from '../../devices/api/get-device.ts';
import { fragranceRecord } from '../../fragrances/api/get-fragrance.ts';
import { fragranceOptionsSource } from '../../fragrances/api/search-fragrances.ts';
import { CAPSULE_FILTERS } from '../api/list-capsules.ts';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The capsules list's filters, held in the page's address (`?deviceId=4`, `?fragranceId=2`) so a
 * device's or a fragrance's page links to its capsules: a fragrance typeahead, and the device the
 * list was opened for, shown with a button that clears it. What the address holds that is no id is
 * ignored.
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
  const values: Record<string, string> = Object.fromEntries(
    [
      [CAPSULE_FILTERS.deviceId, deviceId],
      [CAPSULE_FILTERS.fragranceId, fragranceId],
    ].filter(([, value]) => value),
  );
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
    </>
  );
  return { values, controls };
}
