import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** PUT /api/notifications/read-all: every open alert read by this person. */
function markAllNotificationsRead(): Promise<unknown> {
  return http.put('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists }),
  });
}
