/**
 * Requests per key in a sliding minute, behind one interface: the memory implementation below is
 * enough for one instance; a shared store (Redis) can implement `consume` the same way when the API
 * runs as several, and nothing that calls it changes.
 */
export type RateLimiter = {
  /** Counts one request of `key`; refused (with the seconds to wait) once the key is over its limit. */
  consume: (key: string) => Promise<{ isAllowed: boolean; retryAfterSeconds: number }>;
};

const MAX_TRACKED_KEYS = 100_000;

/**
 * Fixed windows weighted by the previous one (the "sliding window counter"): two numbers per key, and
 * no burst of twice the limit across a window's edge, which plain fixed windows allow.
 */
export function createMemoryRateLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): RateLimiter {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { windowStart: number; current: number; previous: number }>();

  const sweep = (time: number) => {
    for (const [key, entry] of entries)
      if (time - entry.windowStart >= 2 * options.windowMs) entries.delete(key);
    while (entries.size >= MAX_TRACKED_KEYS) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };

  return {
    async consume(key) {
      const time = now();
      const windowStart = time - (time % options.windowMs);
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= MAX_TRACKED_KEYS) sweep(time);
        entry = { windowStart, current: 0, previous: 0 };
        entries.set(key, entry);
      } else if (entry.windowStart !== windowStart) {
        const isNext = windowStart - entry.windowStart === options.windowMs;
        entry.previous = isNext ? entry.current : 0;
        entry.current = 0;
        entry.windowStart = windowStart;
      }
      const elapsed = (time - windowStart) / options.windowMs;
      const weighted = entry.previous * (1 - elapsed) + entry.current;
      if (weighted + 1 > options.limit) {
        // Waiting until the weight of the previous window has fallen enough, or the window ends.
        const wait =
          entry.current + 1 > options.limit
            ? windowStart + options.windowMs - time
            : ((weighted + 1 - options.limit) / Math.max(entry.previous, 1)) * options.windowMs;
        return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      }
      entry.current += 1;
      return { isAllowed: true, retryAfterSeconds: 0 };
    },
  };
}
