import {
  LOCATION_KIT_FIELDS,
  type LocationBodyInput,
  type LocationRow,
} from '@scentia/shared/locations.schemas';
import { DEFAULT_TIME_ZONE } from '@scentia/shared/time-zones';
import { requiredAddress } from '../../components/address-block/address-values.ts';
import {
  type FormField,
  type FormValuesOf,
  kitFormValues,
} from '../../components/resource-form/form-values.ts';
import { ORGANIZATION_FILTER } from './api/list-locations.ts';

/** The organisation is the typeahead's value, its id as text (0, refused, when none is chosen). */
const organizationField: FormField<string | null, number, number> = {
  empty: () => null,
  toForm: (organizationId) => String(organizationId),
  toBody: (organizationId) => (organizationId ? Number(organizationId) : 0),
};

/** A new location is in São Paulo's time zone. */
const timeZoneField: FormField<string, string, string> = {
  empty: () => DEFAULT_TIME_ZONE,
  toForm: (timeZone) => timeZone,
  toBody: (timeZone) => timeZone ?? '',
};

/**
 * The location form's fields: the shared ones by the kinds the schemas declare, its address's city
 * required too (a site is found by its city), and its own: the organisation and the time zone.
 */
export const LOCATION_FORM = kitFormValues(LOCATION_KIT_FIELDS, {
  organizationId: organizationField,
  address: requiredAddress({ required: ['city'] }),
  timeZone: timeZoneField,
});

/** The location form as antd holds it. */
export type LocationFormValues = FormValuesOf<typeof LOCATION_FORM.fields>;

/**
 * A new location: in Brazil, in São Paulo's time zone, and of the organisation the link named
 * (`?organizationId=7`, from an organisation's page) when it names one.
 */
export function emptyLocationForm(search?: URLSearchParams): LocationFormValues {
  const organizationId = search?.get(ORGANIZATION_FILTER) ?? '';
  return {
    ...LOCATION_FORM.empty(),
    organizationId: /^[1-9]\d{0,9}$/.test(organizationId) ? organizationId : null,
  };
}

export const locationToForm: (location: LocationRow) => LocationFormValues = LOCATION_FORM.toForm;

/** The body of POST/PUT /locations: texts trimmed, a blank note as null. */
export const locationFormToBody: (values: LocationFormValues, opened?: LocationRow) => LocationBodyInput =
  LOCATION_FORM.toBody;
