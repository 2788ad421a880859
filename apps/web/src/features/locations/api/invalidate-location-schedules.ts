import type { QueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../devices/api/query-keys.ts';
import { invalidateLocations } from './invalidate-locations.ts';

/**
 * After a location's schedule changes: the locations (and what `invalidateLocations` names) and the
 * devices, whose pages show the schedule they follow.
 */
export function invalidateLocationSchedules(queryClient: QueryClient) {
  return Promise.all([
    invalidateLocations(queryClient),
    queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  ]);
}
