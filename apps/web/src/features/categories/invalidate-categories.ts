import type { QueryClient } from '@tanstack/react-query';

/**
 * After a category changes: its lists and records, and the fragrance lists, which show category
 * names (the query key is shared by name only; no fragrance code is imported).
 */
export function invalidateCategories(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['fragrances'] }),
  ]);
}
