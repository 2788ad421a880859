import { BRAZIL_TIME_ZONES, TIME_ZONES } from '@scentia/shared/time-zones';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type TimeZoneSelectProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
};

/** `America/Sao_Paulo` → `America/Sao Paulo (GMT-03:00)`: the offset it has today, as the browser knows it. */
function timeZoneLabel(zone: string): string {
  const name = zone.replaceAll('_', ' ');
  try {
    const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${name} (${offset})` : name;
  } catch {
    // A browser whose own zone database lacks the name still offers it, without its offset.
    return name;
  }
}

const BRAZIL: ReadonlySet<string> = new Set(BRAZIL_TIME_ZONES);

/**
 * The IANA time zone of a location (`@scentia/shared/time-zones`, the list the server accepts): a
 * searchable select with Brazil's zones first, as a group of their own, then every other one.
 */
export function TimeZoneSelect(props: TimeZoneSelectProps) {
  const { t } = useTranslation('locations');
  const options = useMemo(() => {
    const option = (zone: string) => ({ value: zone, label: timeZoneLabel(zone) });
    return [
      { label: t('timeZones.brazil'), title: t('timeZones.brazil'), options: BRAZIL_TIME_ZONES.map(option) },
      {
        label: t('timeZones.others'),
        title: t('timeZones.others'),
        options: TIME_ZONES.filter((zone) => !BRAZIL.has(zone)).map(option),
      },
    ];
  }, [t]);
  return (
    <Select<string>
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      placeholder={t('timeZones.placeholder')}
    />
  );
}
