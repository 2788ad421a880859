import { type CategoryBodyInput, categoryRowSchema } from '@scentia/shared/categories.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCategories } from './invalidate-categories.ts';

/** POST /api/categories (JSON): 201 with the new category; 409 NAME_TAKEN. */
export function createCategory(body: CategoryBodyInput) {
  return http.post('/categories', body, { schema: categoryRowSchema });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => invalidateCategories(queryClient) });
}
