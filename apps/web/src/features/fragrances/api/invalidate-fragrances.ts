import type { QueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../categories/api/query-keys.ts';
import { fragranceKeys } from './query-keys.ts';

/** After a fragrance changes: its lists and records, and the categories, whose list counts fragrances. */
export function invalidateFragrances(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fragranceKeys.all }),
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  ]);
}
