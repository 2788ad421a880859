import type { Language } from '@scentia/shared/locales';

/**
 * Every geo lookup is keyed under `['geo']`, apart from any resource: countries, regions, cities
 * and postcodes do not change when a user is saved, so a user save leaves them cached.
 */
export const geoKeys = {
  all: ['geo'] as const,
  countries: (language: Language) => ['geo', 'countries', language] as const,
  postcode: (digits: string) => ['geo', 'postcode', digits] as const,
  /** A country's regions as typeahead options, named in `language` (the search is appended). */
  regionOptions: (country: string, language: Language) =>
    ['geo', 'region-options', country, language] as const,
  /** A region's cities as typeahead options (the search is appended). */
  cityOptions: (country: string, region: string) => ['geo', 'city-options', country, region] as const,
};
