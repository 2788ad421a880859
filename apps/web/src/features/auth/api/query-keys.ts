/** Every query of the auth feature is keyed under `['auth']`. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => ['auth', 'current-user'] as const,
  publicConfig: () => ['auth', 'public-config'] as const,
};
