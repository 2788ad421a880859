import type { LocationRow } from '@scentia/shared/locations.schemas';
import type { LocationScheduleBody } from '@scentia/shared/schedules.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { invalidateLocationSchedules } from './invalidate-location-schedules.ts';

type Input = { locationId: number; body: LocationScheduleBody };

/**
 * PUT /api/locations/schedule/{id}: the location's whole weekly schedule, with the location's version
 * it was based on (400 with the field's message for a bad or overlapping range, 404 for a location
 * gone, 409 for an inactive one or one changed since that version). Answers the location.
 */
function setLocationSchedule({ locationId, body }: Input) {
  return http.put<LocationRow>(`/locations/schedule/${locationId}`, body);
}

export function useSetLocationSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocationSchedule,
    onSuccess: () => invalidateLocationSchedules(queryClient),
  });
}
