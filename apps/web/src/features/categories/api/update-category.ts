import { type CategoryBodyInput, categoryRowSchema } from '@scentia/shared/categories.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateCategories } from './invalidate-categories.ts';

/** PUT /api/categories/{id} (JSON): 200 with the saved category; 409 NAME_TAKEN / RECORD_INACTIVE. */
export function updateCategory({ id, body }: { id: number; body: CategoryBodyInput }) {
  return http.put(`/categories/${id}`, body, { schema: categoryRowSchema });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCategory, onSuccess: () => invalidateCategories(queryClient) });
}
