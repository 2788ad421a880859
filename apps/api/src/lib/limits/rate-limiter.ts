import type { LimitStore } from './limit-store.ts';

/** Requests per key in a sliding window (the device API's calls per credential). */
export type RateLimiter = {
  /** Counts one request of `key`; refused (with the seconds to wait) once the key is over its limit. */
  consume: (key: string) => Promise<{ isAllowed: boolean; retryAfterSeconds: number }>;
};

/**
 * Fixed windows weighted by the previous one (the "sliding window counter"): one counter per key and
 * window in the limit store, and no burst of twice the limit across a window's edge, which plain fixed
 * windows allow. The request is counted first (an atomic increment, so instances sharing Redis never
 * both take the last place) and given back when refused, so refused calls do not prolong the wait.
 */
export function createRateLimiter(
  store: LimitStore,
  name: string,
  options: { limit: number; windowMs: number; now?: () => number },
): RateLimiter {
  const now = options.now ?? Date.now;
  const { limit, windowMs } = options;
  // A window's counter is read during the next one too: it lives two windows.
  const counters = store.counters(name, {
    points: limit,
    durationSeconds: Math.max(1, Math.ceil((2 * windowMs) / 1000)),
  });
  return {
    async consume(key) {
      const time = now();
      const windowStart = time - (time % windowMs);
      const [counted, previous] = await Promise.all([
        counters.penalty(`${key}:${windowStart}`, 1),
        counters.get(`${key}:${windowStart - windowMs}`),
      ]);
      const current = counted.consumedPoints;
      const previousCount = previous?.consumedPoints ?? 0;
      const elapsed = (time - windowStart) / windowMs;
      const weighted = previousCount * (1 - elapsed) + current;
      if (weighted <= limit) return { isAllowed: true, retryAfterSeconds: 0 };
      await counters.reward(`${key}:${windowStart}`, 1);
      // Waiting until the weight of the previous window has fallen enough, or the window ends.
      const wait =
        current > limit
          ? windowStart + windowMs - time
          : ((weighted - limit) / Math.max(previousCount, 1)) * windowMs;
      return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    },
  };
}
