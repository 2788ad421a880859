import { type NotificationSettings, notificationSettingsSchema } from '@scentia/shared/alerts.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** GET /api/notification-settings: this person's own choices (the daily digest). */
function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return http.get('/notification-settings', { signal, schema: notificationSettingsSchema });
}

/** `isEnabled` false asks nothing: the panel reads the settings only once their tab is open. */
export function useNotificationSettings(isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.settings,
      queryFn: ({ signal }) => fetchNotificationSettings(signal),
      enabled: isEnabled,
    }),
  );
}
