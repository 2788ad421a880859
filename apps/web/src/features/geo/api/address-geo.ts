import type { AddressGeo } from '../../../components/address-block/address-geo.ts';
import { useCountries } from './list-countries.ts';
import { postcodeQueryOptions } from './lookup-postcode.ts';
import { cityOptionsSource } from './search-cities.ts';
import { regionOptionsSource } from './search-regions.ts';

/** The geo lookups an address block asks: what a form passes to `AddressBlock`. */
export const addressGeo: AddressGeo = {
  useCountries,
  lookUpPostcode: (queryClient, digits) => queryClient.fetchQuery(postcodeQueryOptions(digits)),
  regionOptionsSource,
  cityOptionsSource,
};
