import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions } from '../../../lib/time-zone-options.ts';

type TimeZoneSelectProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
};

/**
 * The IANA time zone of a location (`@scentia/shared/time-zones`, the list the server accepts): a
 * searchable select with Brazil's zones first, as a group of their own, then every other one.
 */
export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const { t } = useTranslation('locations');
  const options = useMemo(
    () => timeZoneOptions({ brazil: t('timeZones.brazil'), others: t('timeZones.others') }, t),
    [t],
  );
  return (
    <Select<string>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      placeholder={t('timeZones.placeholder')}
    />
  );
}
