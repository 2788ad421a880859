import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCategories } from './invalidate-categories.ts';

/** DELETE /api/categories/{id}: 204, deactivates it; 409 CATEGORY_HAS_FRAGRANCES. */
export function deactivateCategory(id: number): Promise<void> {
  return http.delete(`/categories/${id}`);
}

export function useDeactivateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateCategory, onSuccess: () => invalidateCategories(queryClient) });
}
