import type { QueryClient } from '@tanstack/react-query';
import { fragranceKeys } from '../../fragrances/api/query-keys.ts';
import { categoryKeys } from './query-keys.ts';

/**
 * After a category changes: its lists, records and typeahead options, and the fragrances, whose
 * list shows category names.
 */
export function invalidateCategories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: fragranceKeys.all }),
  ]);
}
