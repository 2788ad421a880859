import { fragranceOptionsSchema } from '@scentia/shared/fragrances.schemas';
import { quickSearchSource } from '../../../components/quick-search-source.ts';
import { fragranceKeys } from './query-keys.ts';

/**
 * GET /api/fragrances/quick-search?str=: up to 10 active fragrances whose name contains `str`, as the
 * campaign device editor's typeahead (the id is the value).
 */
export const fragranceOptionsSource = () =>
  quickSearchSource({
    queryKey: fragranceKeys.options(),
    path: '/fragrances/quick-search',
    schema: fragranceOptionsSchema,
    toOption: (option) => ({ value: String(option.fragranceId), label: option.name }),
  });
