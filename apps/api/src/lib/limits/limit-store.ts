import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterRedisOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';

/**
 * Counters in Redis named by a keyed hash (HMAC-SHA256) of their key: the keys are e-mail addresses
 * and IP addresses, and Redis is not where personal data lives. Keyed, so a leaked dump cannot be
 * checked against a list of addresses; the same secret in every instance, so their counts meet.
 */
class KeyedHashRateLimiterRedis extends RateLimiterRedis {
  readonly #secret: Uint8Array;
  constructor(options: IRateLimiterRedisOptions, secret: Uint8Array) {
    super(options);
    this.#secret = secret;
  }
  override getKey(key: string | number): string {
    return super.getKey(createHmac('sha256', this.#secret).update(String(key)).digest('base64url'));
  }
}

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

export function createLimitStore(options: {
  redis?: Redis;
  keyPrefix?: string;
  /** The hashes' secret, the same in every instance; required with Redis. */
  keySecret?: Uint8Array;
}): LimitStore {
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
  const { keySecret } = options;
  if (!keySecret) throw new Error('Counters in Redis need keySecret to hash their keys');
  return {
    backend: 'redis',
    counters(name, { points, durationSeconds }) {
      claimName(name);
      return new KeyedHashRateLimiterRedis(
        {
          storeClient: redis,
          keyPrefix: `${prefix}limit:${name}`,
          points,
          duration: durationSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
        },
        keySecret,
      );
    },
  };
}
