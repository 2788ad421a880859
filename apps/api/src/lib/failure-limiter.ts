/**
 * Counts failures per key in fixed windows and says how long a key stays blocked once it reaches its
 * limit. Kept in process memory: enough for one instance; a shared store (Redis) would replace it when
 * the API runs as several instances.
 */
export type FailureLimiter = {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter: (key: string) => number;
  recordFailure: (key: string) => void;
  reset: (key: string) => void;
};

const MAX_TRACKED_KEYS = 100_000;

export function createFailureLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): FailureLimiter {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { count: number; resetAt: number }>();

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.resetAt <= time) entries.delete(key);
    // Still full after the sweep: drop the oldest entries rather than grow without bound.
    while (entries.size >= MAX_TRACKED_KEYS) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    retryAfter: (key) => {
      const entry = live(key);
      return entry && entry.count >= options.limit ? Math.ceil((entry.resetAt - now()) / 1000) : 0;
    },
    recordFailure: (key) => {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return;
      }
      if (entries.size >= MAX_TRACKED_KEYS) sweep();
      entries.set(key, { count: 1, resetAt: now() + options.windowMs });
    },
    reset: (key) => {
      entries.delete(key);
    },
  };
}
