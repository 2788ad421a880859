import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/**
 * Where every limiter of the process keeps its counts: in memory (one instance), or in Redis when
 * several instances serve one site, so that a limit is the same whichever instance a request reaches.
 * The counting itself is rate-limiter-flexible's (atomic increments with an expiry, a Lua script in
 * Redis); lib/limits builds the limiters the API needs on top of these counters.
 */
export type LimitStore = {
  backend: 'memory' | 'redis';
  /**
   * A family of counters named `name` (one per key), each living `durationSeconds` from its first
   * point. With Redis, each counter is insured by one in memory: while Redis is unreachable the process
   * counts alone instead of refusing everyone or letting everything through (lib/limits/README in
   * docs/decisions/operations.md).
   */
  counters: (name: string, options: { points: number; durationSeconds: number }) => RateLimiterAbstract;
};

export function createLimitStore(options: { redis?: Redis; keyPrefix?: string }): LimitStore {
  const { redis } = options;
  const names = new Set<string>();
  const claimName = (name: string) => {
    // Two limiters sharing a name would share their counts without anyone meaning it.
    if (names.has(name)) throw new Error(`Limiter name used twice: ${name}`);
    names.add(name);
  };
  if (!redis) {
    return {
      backend: 'memory',
      counters(name, { points, durationSeconds }) {
        claimName(name);
        return new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
      },
    };
  }
  const prefix = options.keyPrefix ?? '';
  return {
    backend: 'redis',
    counters(name, { points, durationSeconds }) {
      claimName(name);
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}limit:${name}`,
        points,
        duration: durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
      });
    },
  };
}
