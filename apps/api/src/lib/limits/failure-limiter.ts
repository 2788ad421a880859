import type { LimitStore } from './limit-store.ts';

/**
 * Counts failures per key (wrong passwords, wrong codes, recovery mails asked) in a fixed window from
 * the first one, and says how long a key stays blocked once it reaches its limit. Backed by the
 * process's limit store: shared by every instance when Redis is configured.
 */
export type FailureLimiter = {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfter: (key: string) => Promise<number>;
  recordFailure: (key: string) => Promise<void>;
  reset: (key: string) => Promise<void>;
};

export function createFailureLimiter(
  store: LimitStore,
  name: string,
  options: { limit: number; windowMs: number },
): FailureLimiter {
  const counters = store.counters(name, {
    points: options.limit,
    durationSeconds: Math.max(1, Math.ceil(options.windowMs / 1000)),
  });
  return {
    async retryAfter(key) {
      const counted = await counters.get(key);
      if (!counted || counted.consumedPoints < options.limit) return 0;
      return Math.max(1, Math.ceil(counted.msBeforeNext / 1000));
    },
    async recordFailure(key) {
      // A penalty counts past the limit without refusing: the caller decides from `retryAfter`.
      await counters.penalty(key, 1);
    },
    async reset(key) {
      await counters.delete(key);
    },
  };
}
