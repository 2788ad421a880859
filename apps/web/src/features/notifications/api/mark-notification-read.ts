import type { Notifications } from '@scentia/shared/alerts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** PUT /api/notifications/read/{alertId}: this person has read the alert (404 for an unknown one). */
function markNotificationRead(alertId: number): Promise<unknown> {
  return http.put(`/notifications/read/${alertId}`);
}

/** Marks the alert read in the cached lists at once, then asks the server for the count again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_answer, alertId) => {
      queryClient.setQueriesData<Notifications>({ queryKey: notificationKeys.lists }, (current) => {
        if (!current) return current;
        const alert = current.items.find((item) => item.alertId === alertId);
        if (!alert || alert.isRead) return current;
        return {
          ...current,
          unreadCount: Math.max(0, current.unreadCount - 1),
          items: current.items.map((item) => (item.alertId === alertId ? { ...item, isRead: true } : item)),
        };
      });
      return queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}
