import type { Language } from '@scentia/shared/locales';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';

const regionsSchema = z.object({
  data: z.array(z.object({ code: z.string(), name: z.string() })),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Region = z.infer<typeof regionsSchema>['data'][number];

/** GET /api/geo/regions?country&search&page: a country's states or regions, 10 a page. */
export function searchRegions(country: string, search: string, signal?: AbortSignal) {
  return http.get('/geo/regions', { query: { country, search, page: 1 }, signal, schema: regionsSchema });
}

export function regionsQueryOptions(country: string, search: string, language: Language) {
  return queryOptions({
    queryKey: ['users', 'geo', 'regions', country, search, language],
    queryFn: ({ signal }) => searchRegions(country, search, signal),
    staleTime: 60 * 60_000,
  });
}
