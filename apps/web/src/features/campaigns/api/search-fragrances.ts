import { fragranceOptionsSchema } from '@scentia/shared/fragrances.schemas';
import type { TypeaheadOption, TypeaheadSource } from '../../../components/typeahead-select.tsx';
import { http } from '../../../lib/api-client.ts';

/** GET /api/fragrances/quick-search?str=: up to 10 active fragrances whose name contains `str`. */
async function searchFragrances(search: string, signal?: AbortSignal): Promise<TypeaheadOption[]> {
  const options = await http.get('/fragrances/quick-search', {
    query: { str: search },
    signal,
    schema: fragranceOptionsSchema,
  });
  return options.map((option) => ({ value: String(option.fragranceId), label: option.name }));
}

/** The slot's fragrance typeahead: the fragrance's id is the value. */
export function fragranceOptionsSource(): TypeaheadSource {
  return { queryKey: ['campaigns', 'fragrance-options'], fetchOptions: searchFragrances };
}
