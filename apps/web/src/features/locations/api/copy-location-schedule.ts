import type { ScheduleCopyBody } from '@scentia/shared/schedules.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateLocationSchedules } from './invalidate-location-schedules.ts';

/**
 * POST /api/locations/schedule-copy: the saved schedule of `fromLocationId` replaces those of up to
 * 100 other locations, all or none (one transaction; 409 names an inactive target).
 */
function copyLocationSchedule(body: ScheduleCopyBody) {
  return http.post('/locations/schedule-copy', body);
}

export function useCopyLocationSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyLocationSchedule,
    onSuccess: () => invalidateLocationSchedules(queryClient),
  });
}
