import type { QueryClient } from '@tanstack/react-query';

/**
 * After a fragrance changes: its lists and records, and the category lists, which count fragrances
 * (the query key is shared by name only; no category code is imported).
 */
export function invalidateFragrances(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['fragrances'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
  ]);
}
