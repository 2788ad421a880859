/**
 * What pg throws when no connection is had within `connectionTimeoutMillis` (neither has a code): the
 * pool's wait for a busy connection to free up, and a new connection's wait for the server to answer.
 */
const CONNECTION_TIMEOUT_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** Seconds a client is asked to wait before trying again when every database connection is busy. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` (or the error it wraps, as Drizzle's query errors do) is a wait for a database
 * connection running out: the instance or the database is overloaded, not broken, and the request may
 * simply be sent again a little later.
 */
export function isDatabaseOverloaded(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    if (CONNECTION_TIMEOUT_MESSAGES.has(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
