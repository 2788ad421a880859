import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateOrganizations } from './invalidate-organizations.ts';

/**
 * POST /api/organizations/contact-erasure/{id} (admins only; 204): clears the contact person's name,
 * e-mail and phone and scrubs them from the audit trail.
 */
export function useEraseContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<void> => http.post(`/organizations/contact-erasure/${id}`),
    onSuccess: () => invalidateOrganizations(queryClient),
  });
}
