import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateFragrances } from './invalidate-fragrances.ts';

/** DELETE /api/fragrances/{id}?hardDelete=true: 204; inactive fragrances only (their images go too). */
export function deleteFragrance(id: number): Promise<void> {
  return http.delete(`/fragrances/${id}`, { query: { hardDelete: true } });
}

export function useDeleteFragrance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteFragrance, onSuccess: () => invalidateFragrances(queryClient) });
}
