/** Every query of the notifications feature is keyed under `['notifications']`. */
export const notificationKeys = {
  lists: ['notifications', 'list'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
  settings: ['notifications', 'settings'] as const,
};
