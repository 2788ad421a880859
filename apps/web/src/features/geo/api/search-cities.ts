import { z } from 'zod';
import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';
import { geoKeys } from './query-keys.ts';

const citiesSchema = z.object({
  data: z.array(z.object({ name: z.string() })),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** GET /api/geo/cities?country&region&search&page: a region's cities, 10 a page. */
export function searchCities(country: string, region: string, search: string, signal?: AbortSignal) {
  return http.get('/geo/cities', {
    query: { country, region, search, page: 1 },
    signal,
    schema: citiesSchema,
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
