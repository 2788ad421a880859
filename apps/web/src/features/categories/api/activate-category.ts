import { categoryRowSchema } from '@scentia/shared/categories.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCategories } from './invalidate-categories.ts';

/** PUT /api/categories/activate/{id}: 200 with the category, active again. */
export function activateCategory(id: number) {
  return http.put(`/categories/activate/${id}`, undefined, { schema: categoryRowSchema });
}

export function useActivateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateCategory, onSuccess: () => invalidateCategories(queryClient) });
}
