import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../lib/api-client.ts';
import { geoKeys } from './query-keys.ts';

const postcodeSchema = z.object({
  cep: z.string(),
  uf: z.string(),
  localidade: z.string().nullable(),
  logradouro: z.string().nullable(),
  bairro: z.string().nullable(),
});
export type PostcodeAddress = z.infer<typeof postcodeSchema>;

/**
 * GET /api/geo/postcode/{cep}: the Brazilian postcode lookup (spec §7 External services) that
 * prefills the state and city; 404 POSTCODE_NOT_FOUND for an unknown CEP.
 */
export function lookupPostcode(digits: string, signal?: AbortSignal) {
  return http.get(`/geo/postcode/${digits}`, { signal, schema: postcodeSchema });
}

export function postcodeQueryOptions(digits: string) {
  return queryOptions({
    queryKey: geoKeys.postcode(digits),
    queryFn: ({ signal }) => lookupPostcode(digits, signal),
    staleTime: 60 * 60_000,
    retry: false,
  });
}
