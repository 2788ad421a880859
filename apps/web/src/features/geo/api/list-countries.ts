import { type Country, countriesAnswerSchema } from '@scentia/shared/geo.schemas';
import type { Language } from '@scentia/shared/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { geoKeys } from './query-keys.ts';

export type { Country };

/** GET /api/geo/countries: every country, named in the request's language and sorted by name. */
export async function listCountries(signal?: AbortSignal): Promise<Country[]> {
  return (await http.get('/geo/countries', { signal, schema: countriesAnswerSchema })).data;
}

export function countriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: geoKeys.countries(language),
    queryFn: ({ signal }) => listCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCountries(language: Language) {
  return useQuery(countriesQueryOptions(language));
}
