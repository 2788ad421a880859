import type { Schedule } from '@scentia/shared/schedules.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateLocationSchedules } from './invalidate-location-schedules.ts';

type Input = { locationId: number; schedule: Schedule };

/**
 * PUT /api/locations/schedule/{id}: the location's whole weekly schedule (400 with the field's
 * message for a bad or overlapping range, 404 for a location gone, 409 for an inactive one).
 */
function setLocationSchedule({ locationId, schedule }: Input) {
  return http.put(`/locations/schedule/${locationId}`, schedule);
}

export function useSetLocationSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocationSchedule,
    onSuccess: () => invalidateLocationSchedules(queryClient),
  });
}
