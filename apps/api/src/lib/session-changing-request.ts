import type { Access } from '@scentia/shared/access.rules';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request may change who is signed in (a logout, a password change, a user deactivated…), so
 * that the sessions this process remembers as alive must be checked in the database again
 * (lib/session-check-cache.ts). A read never does; nor does a device route, which a credential of a
 * diffuser opens and which writes only its device's state, capsules and shots. A fleet's heartbeats and
 * shot batches, thousands a minute, would otherwise empty the cache for every staff member and app user.
 */
export function mayChangeSessions(method: string, access: Access | undefined): boolean {
  return !READ_ONLY_METHODS.has(method) && access !== 'device';
}
