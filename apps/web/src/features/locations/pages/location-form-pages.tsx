import { FLEET_DOORS } from '@scentia/shared/access.rules';
import { locationActionRefusal } from '@scentia/shared/locations.rules';
import { locationBodySchema } from '@scentia/shared/locations.schemas';
import { resourceFormPages } from '../../../components/resource-form/resource-form-pages.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { locationRecord } from '../api/get-location.ts';
import { locationMutations } from '../api/location-mutations.ts';
import { LocationForm } from '../components/location-form.tsx';
import { LocationRecordCards } from '../components/location-record-cards.tsx';
import { emptyLocationForm, locationFormToBody, locationToForm } from '../location-form-values.ts';

/** /admin/locations/create (`?organizationId=` prefills the organisation) and /admin/locations/{id}/update. */
export const locationFormPages = resourceFormPages({
  doors: FLEET_DOORS.locations,
  namespace: 'locations',
  bodySchema: locationBodySchema,
  Form: LocationForm,
  listPath: PATHS.admin.locations.list,
  useRecord: locationRecord.useRecord,
  mutations: locationMutations,
  emptyValues: emptyLocationForm,
  toValues: locationToForm,
  toBody: locationFormToBody,
  recordId: (location) => location.locationId,
  recordType: 'location',
  RecordCards: LocationRecordCards,
  editRefusal: (location) =>
    locationActionRefusal(
      { isActive: location.ativo, isOrganizationActive: location.organization.ativo },
      'edit',
    ),
});
