import { INITIATIVE_STATUSES } from '@scentia/shared/initiatives.rules';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useInitiativeStatusName } from '../../../components/initiative-status/initiative-status.tsx';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { DATE_FORMAT } from '../../../lib/date-format.ts';
import { locationRecord } from '../../locations/api/get-location.ts';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { initiativeLocationOptionsSource } from '../api/initiative-options.ts';

const ID = /^[1-9]\d{0,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES: readonly string[] = INITIATIVE_STATUSES;

/** The list's filters as the API and the page's address name them. */
const INITIATIVE_FILTERS = {
  status: 'status',
  organizationId: 'organizationId',
  locationId: 'locationId',
  from: 'from',
  to: 'to',
} as const;

/**
 * The initiatives list's filters, held in the page's address (`?status=inReview&organizationId=3`) so
 * a link opens the list filtered: status, organisation, one of its locations (choosing another
 * organisation clears it) and a period the initiatives' dates overlap. What is no valid value is ignored.
 */
export function useInitiativeFilters(isMember = false) {
  const { t } = useTranslation('initiatives');
  const statusName = useInitiativeStatusName();
  const [search, setSearch] = useSearchParams();
  const read = (name: string, pattern: RegExp) => {
    const typed = search.get(name) ?? '';
    return pattern.test(typed) ? typed : '';
  };
  const typedStatus = search.get(INITIATIVE_FILTERS.status) ?? '';
  const status = STATUSES.includes(typedStatus) ? typedStatus : '';
  const organizationId = read(INITIATIVE_FILTERS.organizationId, ID);
  const locationId = organizationId || isMember ? read(INITIATIVE_FILTERS.locationId, ID) : '';
  const from = read(INITIATIVE_FILTERS.from, DAY);
  const to = read(INITIATIVE_FILTERS.to, DAY);
  const values: Record<string, string> = Object.fromEntries(
    [
      [INITIATIVE_FILTERS.status, status],
      [INITIATIVE_FILTERS.organizationId, organizationId],
      [INITIATIVE_FILTERS.locationId, locationId],
      [INITIATIVE_FILTERS.from, from],
      [INITIATIVE_FILTERS.to, to],
    ].filter(([, value]) => value),
  );
  const organizationName = useOrganizationName(organizationId);
  const locationNumber = Number(locationId || 0);
  // A member cannot open a location's record: the typeahead's answer names it instead.
  const locationName = locationRecord.useRecord(locationNumber, locationNumber > 0 && !isMember).data?.name;

  function set(changes: Record<string, string | null>) {
    const next = { ...values };
    for (const [name, value] of Object.entries(changes)) {
      if (value) next[name] = value;
      else delete next[name];
    }
    setSearch(next, { replace: true });
  }

  const controls = (
    <>
      <Select<string | null>
        className="initiative-filter"
        value={status || null}
        onChange={(value) => set({ [INITIATIVE_FILTERS.status]: value })}
        allowClear
        placeholder={t('filters.statusPlaceholder')}
        aria-label={t('filters.status')}
        options={INITIATIVE_STATUSES.map((value) => ({ value, label: statusName(value) }))}
      />
      {!isMember && (
        <TypeaheadSelect
          {...organizationOptionsSource()}
          className="initiative-filter"
          value={organizationId || null}
          valueLabel={organizationName}
          onChange={(value) =>
            set({ [INITIATIVE_FILTERS.organizationId]: value, [INITIATIVE_FILTERS.locationId]: null })
          }
          placeholder={t('filters.organizationPlaceholder')}
          aria-label={t('filters.organization')}
        />
      )}
      <TypeaheadSelect
        {...initiativeLocationOptionsSource(organizationId)}
        className="initiative-filter"
        value={locationId || null}
        valueLabel={locationName}
        disabled={!organizationId && !isMember}
        onChange={(value) => set({ [INITIATIVE_FILTERS.locationId]: value })}
        placeholder={
          organizationId || isMember ? t('filters.locationPlaceholder') : t('filters.locationFirst')
        }
        aria-label={t('filters.location')}
      />
      <DatePicker.RangePicker
        className="initiative-filter initiative-period"
        format={DATE_FORMAT}
        allowEmpty={[true, true]}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(range) =>
          set({
            [INITIATIVE_FILTERS.from]: range?.[0]?.format('YYYY-MM-DD') ?? null,
            [INITIATIVE_FILTERS.to]: range?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
        aria-label={t('filters.period')}
        placeholder={[t('filters.from'), t('filters.to')]}
      />
    </>
  );
  return { values, controls };
}
