import { type Notifications, notificationsSchema } from '@scentia/shared/alerts.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** How many open alerts the panel shows (the API's own default): the most urgent and newest first. */
export const NOTIFICATIONS_SHOWN = 50;
/** The header's unread count is asked again this often while the page is visible. */
const REFRESH_MS = 60_000;

/** GET /api/notifications?limit=: the open alerts, and how many of them this person has not read. */
function fetchNotifications(limit: number, signal?: AbortSignal): Promise<Notifications> {
  return http.get('/notifications', { query: { limit }, signal, schema: notificationsSchema });
}

/**
 * The open alerts, shared by the header's unread badge and the panel's tab (one request for both),
 * refreshed every minute while the tab is in the foreground, and after each read mark.
 */
export function useNotifications() {
  return useQuery(
    queryOptions({
      queryKey: notificationKeys.list(NOTIFICATIONS_SHOWN),
      queryFn: ({ signal }) => fetchNotifications(NOTIFICATIONS_SHOWN, signal),
      staleTime: REFRESH_MS / 2,
      refetchInterval: REFRESH_MS,
    }),
  );
}
