import { type Region, regionsPageSchema } from '@scentia/shared/geo.schemas';
import type { Language } from '@scentia/shared/locales';
import type { TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';
import { geoKeys } from './query-keys.ts';

export type { Region };

/** GET /api/geo/regions?country&search&page: a country's states or regions, 10 a page. */
export function searchRegions(country: string, search: string, signal?: AbortSignal) {
  return http.get('/geo/regions', { query: { country, search, page: 1 }, signal, schema: regionsPageSchema });
}

/**
 * The state typeahead of an address: the region's code is the value. The names come in the
 * request's language, hence the language in the key.
 */
export function regionOptionsSource(country: string, language: Language): TypeaheadSource {
  return {
    queryKey: geoKeys.regionOptions(country, language),
    fetchOptions: async (search, signal) =>
      (await searchRegions(country, search, signal)).data.map((region) => ({
        value: region.code,
        label: region.name,
      })),
  };
}
