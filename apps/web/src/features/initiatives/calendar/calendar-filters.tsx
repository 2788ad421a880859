import { INITIATIVE_STATUSES, type InitiativeStatus } from '@scentia/shared/initiatives.rules';
import { Button, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useInitiativeStatusName } from '../../../components/initiative-status/initiative-status.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { locationRecord } from '../../locations/api/get-location.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { initiativeLocationOptionsSource } from '../api/initiative-options.ts';
import { useInitiativeAccess } from '../use-initiative-access.ts';
import { type CalendarFilter, EMPTY_FILTER } from './calendar-state.ts';

type CalendarFiltersProps = { filter: CalendarFilter; onChange: (filter: CalendarFilter) => void };

/**
 * The list API's filters: status, organisation and location (the period is the calendar's). A member's
 * calendar is their sites' already: no organisation to choose, and their own locations offered.
 */
export function CalendarFilters({ filter, onChange }: CalendarFiltersProps) {
  const { t } = useTranslation('initiatives-calendar');
  const id = useId();
  const statusName = useInitiativeStatusName();
  const isMember = useInitiativeAccess().isMember;
  // A remembered organisation or location shows its name (one request each, as the dashboard does).
  const organizationName = useOrganizationName(isMember ? null : filter.organizationId);
  const locationNumber = Number(filter.locationId ?? 0);
  const locationName = locationRecord.useRecord(locationNumber, locationNumber > 0 && !isMember).data?.name;
  const isFiltered = filter.status !== null || filter.organizationId !== null || filter.locationId !== null;

  return (
    <section className="calendar-filters" aria-label={t('filters.label')}>
      <div className="calendar-filter">
        <label htmlFor={`${id}-status`}>{t('filters.status')}</label>
        <Select<InitiativeStatus | 'all'>
          id={`${id}-status`}
          className="calendar-filter-field"
          value={filter.status ?? 'all'}
          onChange={(status) => onChange({ ...filter, status: status === 'all' ? null : status })}
          options={[
            { value: 'all', label: t('filters.allStatuses') },
            ...INITIATIVE_STATUSES.map((status) => ({ value: status, label: statusName(status) })),
          ]}
        />
      </div>
      {!isMember && (
        <div className="calendar-filter">
          <label htmlFor={`${id}-organization`}>{t('filters.organization')}</label>
          <TypeaheadSelect
            {...organizationOptionsSource()}
            id={`${id}-organization`}
            className="calendar-filter-field"
            value={filter.organizationId}
            valueLabel={organizationName}
            onChange={(organizationId) => onChange({ ...filter, organizationId, locationId: null })}
            placeholder={t('filters.allOrganizations')}
          />
        </div>
      )}
      <div className="calendar-filter">
        <label htmlFor={`${id}-location`}>{t('filters.location')}</label>
        <TypeaheadSelect
          {...initiativeLocationOptionsSource(filter.organizationId)}
          id={`${id}-location`}
          className="calendar-filter-field"
          value={filter.locationId}
          valueLabel={locationName}
          onChange={(locationId) => onChange({ ...filter, locationId })}
          placeholder={t('filters.allLocations')}
        />
      </div>
      {isFiltered && (
        <Button className="calendar-filter-clear" onClick={() => onChange(EMPTY_FILTER)}>
          {t('filters.clear')}
        </Button>
      )}
    </section>
  );
}
