import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { locationRowActions } from '@scentia/shared/locations.rules';
import { LOCATION_KIT_FIELDS } from '@scentia/shared/locations.schemas';
import { useTranslation } from 'react-i18next';
import { formatCreatedAt, kitColumn } from '../../../components/resource-list/column-builders.tsx';
import { RecordList } from '../../../components/resource-list/record-list.tsx';
import { LOCATION_SORTS, type LocationRow, locationsList } from '../api/list-locations.ts';
import { locationMutations } from '../api/location-mutations.ts';
import { useOrganizationFilter } from '../components/organization-filter.tsx';

/** /admin/locations (`?organizationId=` for one organisation's): the sites where devices stand. */
export default function LocationsListPage() {
  const { t } = useTranslation('locations');
  const filter = useOrganizationFilter();
  return (
    <RecordList<LocationRow>
      t={t}
      doors={FLEET_DOORS.locations}
      resource="locations"
      list={locationsList}
      mutations={locationMutations}
      importable
      filters={filter}
      record={(row) => ({ id: row.locationId, name: row.name })}
      rowActions={(row) =>
        locationRowActions({ isActive: row.ativo, isOrganizationActive: row.organization.ativo })
      }
      bulk={{}}
      columns={[
        kitColumn(t, LOCATION_KIT_FIELDS, 'name', { sortKey: LOCATION_SORTS.name }),
        {
          title: t('fields.organization'),
          dataIndex: ['organization', 'name'],
          sortKey: LOCATION_SORTS.organization,
        },
        kitColumn(t, LOCATION_KIT_FIELDS, 'address', { sortKey: LOCATION_SORTS.city }),
        { title: t('fields.timeZone'), dataIndex: 'timeZone' },
        {
          title: t('columns.updatedAt'),
          dataIndex: 'updatedAt',
          sortKey: LOCATION_SORTS.updatedAt,
          priority: 'low',
          render: formatCreatedAt,
        },
      ]}
    />
  );
}
