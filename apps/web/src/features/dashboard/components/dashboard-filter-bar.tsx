import { DASHBOARD_MAX_DAYS } from '@scentia/shared/dashboard.schemas';
import { PERIOD_YEARS } from '@scentia/shared/dates.schemas';
import { Select } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/date-range-fields.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { timeZoneOptions } from '../../../lib/time-zone-options.ts';
import { locationRecord } from '../../locations/api/get-location.ts';
import { locationOptionsSource } from '../../locations/api/search-locations.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import {
  type DashboardFilters,
  PERIOD_PRESETS,
  type PeriodPreset,
  periodOf,
  periodProblem,
  todayIn,
} from '../dashboard-filters.ts';

type FilterBarProps = {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
  now: number;
};

/**
 * The dashboard's filters: the period (the last 7, 30, 90 or 365 days, or two days of one's own, as
 * native date fields), the time zone its days are read in, and an organisation and a location. A
 * custom period the API would refuse is not asked for, and says why.
 */
export function DashboardFilterBar({ filters, onChange, now }: FilterBarProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [custom, setCustom] = useState(() => periodOf(filters, now));
  const today = todayIn(filters.timeZone, now);
  // A remembered organisation or location shows its name (one request each, as in the devices list).
  const organizationName = useOrganizationName(filters.organizationId);
  const locationNumber = Number(filters.locationId ?? 0);
  const locationName = locationRecord.useRecord(locationNumber, locationNumber > 0).data?.name;
  const problem = filters.preset === 'custom' ? periodProblem(custom.from, custom.to) : undefined;
  const isWrong = problem !== undefined && problem !== 'incomplete';
  const zones = useMemo(
    () => timeZoneOptions({ brazil: t('filters.brazilZones'), others: t('filters.otherZones') }, t),
    [t],
  );

  function choosePreset(preset: PeriodPreset) {
    if (preset === 'custom') {
      const current = periodOf(filters, now);
      setCustom(current);
      onChange({ ...filters, preset, ...current });
    } else onChange({ ...filters, preset });
  }

  function changeCustom(next: { from: string; to: string }) {
    setCustom(next);
    if (!periodProblem(next.from, next.to)) onChange({ ...filters, ...next });
  }

  return (
    <section className="dashboard-filters" aria-label={t('filters.label')}>
      <div className="dashboard-filter">
        <label htmlFor={`${id}-preset`}>{t('filters.period')}</label>
        <Select<PeriodPreset>
          id={`${id}-preset`}
          value={filters.preset}
          onChange={choosePreset}
          className="dashboard-filter-period"
          options={[
            ...PERIOD_PRESETS.map((days) => ({ value: days, label: t('filters.lastDays', { count: days }) })),
            { value: 'custom' as const, label: t('filters.custom') },
          ]}
        />
      </div>
      {filters.preset === 'custom' && (
        <DateRangeFields
          id={id}
          value={custom}
          labels={{ from: t('filters.from'), to: t('filters.to') }}
          min={`${PERIOD_YEARS.first}-01-01`}
          max={today}
          errorId={isWrong ? `${id}-error` : undefined}
          fieldClassName="dashboard-filter"
          onChange={changeCustom}
        />
      )}
      <div className="dashboard-filter">
        <label htmlFor={`${id}-zone`}>{t('filters.timeZone')}</label>
        <Select<string>
          id={`${id}-zone`}
          value={filters.timeZone}
          onChange={(timeZone) => onChange({ ...filters, timeZone })}
          showSearch={{ optionFilterProp: 'label' }}
          options={zones}
          className="dashboard-filter-zone"
        />
      </div>
      <div className="dashboard-filter">
        <label htmlFor={`${id}-organization`}>{t('filters.organization')}</label>
        <TypeaheadSelect
          {...organizationOptionsSource()}
          id={`${id}-organization`}
          className="dashboard-filter-record"
          value={filters.organizationId}
          valueLabel={organizationName}
          onChange={(organizationId) => onChange({ ...filters, organizationId, locationId: null })}
          placeholder={t('filters.allOrganizations')}
        />
      </div>
      <div className="dashboard-filter">
        <label htmlFor={`${id}-location`}>{t('filters.location')}</label>
        <TypeaheadSelect
          {...locationOptionsSource(filters.organizationId)}
          id={`${id}-location`}
          className="dashboard-filter-record"
          value={filters.locationId}
          valueLabel={locationName}
          onChange={(locationId) => onChange({ ...filters, locationId })}
          placeholder={t('filters.allLocations')}
        />
      </div>
      {isWrong && (
        <p id={`${id}-error`} className="dashboard-filter-error" role="alert">
          {problem === 'yearOutOfRange'
            ? t('common:validation.yearOutOfRange', {
                minimum: PERIOD_YEARS.first,
                maximum: PERIOD_YEARS.last,
              })
            : t(`common:validation.${problem}`, { maximum: DASHBOARD_MAX_DAYS })}
        </p>
      )}
    </section>
  );
}
