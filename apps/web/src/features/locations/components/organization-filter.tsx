import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TypeaheadSelect } from '../../../components/typeahead-select.tsx';
import { useOrganizationName } from '../../organizations/api/get-organization.ts';
import { organizationOptionsSource } from '../../organizations/api/search-organizations.ts';
import { ORGANIZATION_FILTER } from '../api/list-locations.ts';
import './locations.css';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The locations list's filter by organisation, held in the page's address (`?organizationId=7`) so an
 * organisation's page links to its locations: the list's filter values and the typeahead that sets them.
 */
export function useOrganizationFilter() {
  const { t } = useTranslation('locations');
  const [search, setSearch] = useSearchParams();
  const typed = search.get(ORGANIZATION_FILTER) ?? '';
  const organizationId = ID.test(typed) ? typed : '';
  const name = useOrganizationName(organizationId);
  const controls = (
    <TypeaheadSelect
      {...organizationOptionsSource()}
      className="location-organization-filter"
      value={organizationId || null}
      valueLabel={name}
      onChange={(value) => setSearch(value ? { [ORGANIZATION_FILTER]: value } : {}, { replace: true })}
      placeholder={t('filter.placeholder')}
      aria-label={t('filter.label')}
    />
  );
  const values: Record<string, string> = organizationId ? { [ORGANIZATION_FILTER]: organizationId } : {};
  return { values, controls };
}
