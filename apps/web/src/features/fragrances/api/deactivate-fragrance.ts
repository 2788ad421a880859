import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateFragrances } from './invalidate-fragrances.ts';

/** DELETE /api/fragrances/{id}: 204, deactivates it (409 with a message while in a collection). */
export function deactivateFragrance(id: number): Promise<void> {
  return http.delete(`/fragrances/${id}`);
}

export function useDeactivateFragrance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateFragrance, onSuccess: () => invalidateFragrances(queryClient) });
}
