import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCategories } from './invalidate-categories.ts';

/** DELETE /api/categories/{id}?hardDelete=true: 204; only inactive categories without fragrances. */
export function deleteCategory(id: number): Promise<void> {
  return http.delete(`/categories/${id}`, { query: { hardDelete: true } });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateCategories(queryClient) });
}
