import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';

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

export function citiesQueryOptions(country: string, region: string, search: string) {
  return queryOptions({
    queryKey: ['users', 'geo', 'cities', country, region, search],
    queryFn: ({ signal }) => searchCities(country, region, search, signal),
    staleTime: 60 * 60_000,
  });
}
