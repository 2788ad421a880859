import { fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateFragrances } from './invalidate-fragrances.ts';

/** PUT /api/fragrances/activate/{id}: 200 with the fragrance (400 when its category is inactive). */
export function activateFragrance(id: number) {
  return http.put(`/fragrances/activate/${id}`, undefined, { schema: fragranceRowSchema });
}

export function useActivateFragrance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: activateFragrance, onSuccess: () => invalidateFragrances(queryClient) });
}
