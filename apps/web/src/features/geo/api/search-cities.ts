import { citiesPageSchema } from '@scentia/shared/geo.schemas';
import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';
import { geoKeys } from './query-keys.ts';

/** GET /api/geo/cities?country&region&search&page: a region's cities, 10 a page. */
export function searchCities(country: string, region: string, search: string, signal?: AbortSignal) {
  return http.get('/geo/cities', {
    query: { country, region, search, page: 1 },
    signal,
    schema: citiesPageSchema,
  });
}

/** The city typeahead of an address: the city's name is the value. */
export function cityOptionsSource(country: string, region: string): TypeaheadSource {
  return {
    queryKey: geoKeys.cityOptions(country, region),
    fetchOptions: async (search, signal) =>
      (await searchCities(country, region, search, signal)).data.map((city) => ({
        value: city.name,
        label: city.name,
      })),
  };
}
