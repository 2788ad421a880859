import type { NotificationSettings } from '@scentia/shared/alerts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** PUT /api/notification-settings: this person's choices, replaced. */
function updateNotificationSettings(settings: NotificationSettings): Promise<unknown> {
  return http.put('/notification-settings', settings);
}

/** The saved choices become the cached ones, then are read again from the server. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (_answer, settings) => {
      queryClient.setQueryData(notificationKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.settings });
    },
  });
}
