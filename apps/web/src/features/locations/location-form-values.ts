import type { LocationBodyInput, LocationRow } from '@scentia/shared/locations.schemas';
import { DEFAULT_TIME_ZONE } from '@scentia/shared/time-zones';
import { type AddressFormValues, requiredAddress } from '../../components/address-block/address-values.ts';
import { optionalText, requiredText, textToForm } from '../../components/resource-form/form-values.ts';
import { ORGANIZATION_FILTER } from './api/list-locations.ts';

/** The location form as antd holds it; the organisation is the typeahead's value (its id as text). */
export type LocationFormValues = {
  organizationId: string | null;
  name: string;
  address: AddressFormValues;
  timeZone: string;
  note: string;
};

/**
 * A location's address is required, its city too: a site is found by its city (its block:
 * `<AddressBlock {...LOCATION_ADDRESS.block} />`).
 */
export const LOCATION_ADDRESS = requiredAddress({ required: ['city'] });

/**
 * A new location: in Brazil, in São Paulo's time zone, and of the organisation the link named
 * (`?organizationId=7`, from an organisation's page) when it names one.
 */
export function emptyLocationForm(search?: URLSearchParams): LocationFormValues {
  const organizationId = search?.get(ORGANIZATION_FILTER) ?? '';
  return {
    organizationId: /^[1-9]\d{0,9}$/.test(organizationId) ? organizationId : null,
    name: '',
    address: LOCATION_ADDRESS.empty(),
    timeZone: DEFAULT_TIME_ZONE,
    note: '',
  };
}

export function locationToForm(location: LocationRow): LocationFormValues {
  return {
    organizationId: String(location.organizationId),
    name: location.name,
    address: LOCATION_ADDRESS.toForm(location.address),
    timeZone: location.timeZone,
    note: textToForm(location.note),
  };
}

/** The body of POST/PUT /locations: texts trimmed, a blank note as null. */
export function locationFormToBody(values: LocationFormValues, opened?: LocationRow): LocationBodyInput {
  return {
    organizationId: values.organizationId ? Number(values.organizationId) : 0,
    name: requiredText(values.name),
    address: LOCATION_ADDRESS.toBody(values.address),
    timeZone: values.timeZone ?? '',
    note: optionalText(values.note),
    // The version the edit was opened with: a save over a newer one is refused (409 STALE_RECORD).
    ...(opened ? { updatedAt: opened.updatedAt } : {}),
  };
}
