import { postcodeAnswerSchema } from '@scentia/shared/geo.schemas';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { geoKeys } from './query-keys.ts';

/**
 * GET /api/geo/postcode/{cep}: the Brazilian postcode lookup (spec §7 External services) that
 * prefills the state and city; 404 POSTCODE_NOT_FOUND for an unknown CEP.
 */
export function lookupPostcode(digits: string, signal?: AbortSignal) {
  return http.get(`/geo/postcode/${digits}`, { signal, schema: postcodeAnswerSchema });
}

export function postcodeQueryOptions(digits: string) {
  return queryOptions({
    queryKey: geoKeys.postcode(digits),
    queryFn: ({ signal }) => lookupPostcode(digits, signal),
    staleTime: 60 * 60_000,
    retry: false,
  });
}
