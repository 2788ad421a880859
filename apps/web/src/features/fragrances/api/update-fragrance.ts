import { fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateFragrances } from './invalidate-fragrances.ts';

/** PUT /api/fragrances/{id} as multipart/form-data: without `image.file` the image is kept. */
export function updateFragrance({ id, body }: { id: number; body: FormData }) {
  return http.put(`/fragrances/${id}`, body, { schema: fragranceRowSchema });
}

export function useUpdateFragrance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateFragrance, onSuccess: () => invalidateFragrances(queryClient) });
}
