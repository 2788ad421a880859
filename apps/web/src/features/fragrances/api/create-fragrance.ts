import { fragranceRowSchema } from '@scentia/shared/fragrances.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateFragrances } from './invalidate-fragrances.ts';

/**
 * POST /api/fragrances as multipart/form-data (see `fragranceFormData`): 201 with the new
 * fragrance. The image is required; 413 FILE_TOO_LARGE, 415 UNSUPPORTED_IMAGE, 400 on fields.
 */
export function createFragrance(body: FormData) {
  return http.post('/fragrances', body, { schema: fragranceRowSchema });
}

export function useCreateFragrance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createFragrance, onSuccess: () => invalidateFragrances(queryClient) });
}
