import type { Country, PostcodeAnswer } from '@scentia/shared/geo.schemas';
import type { Language } from '@scentia/shared/locales';
import type { QueryClient } from '@tanstack/react-query';
import type { TypeaheadSource } from '../typeahead-select.tsx';

/**
 * The geo lookups the address block asks (countries, the postcode, regions, cities). They are the geo
 * feature's endpoints, which a building block may not import: a form passes the feature's
 * `addressGeo` (features/geo/api/address-geo.ts).
 */
export type AddressGeo = {
  useCountries: (language: Language) => { data: Country[] | undefined; isPending: boolean };
  /** The place of a complete CEP (8 digits), through the query cache; a 404 for an unknown one. */
  lookUpPostcode: (queryClient: QueryClient, digits: string) => Promise<PostcodeAnswer>;
  regionOptionsSource: (country: string, language: Language) => TypeaheadSource;
  cityOptionsSource: (country: string, region: string) => TypeaheadSource;
};
