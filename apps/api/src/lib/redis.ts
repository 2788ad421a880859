import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long a command may wait for Redis before the limiters fall back to their memory insurance. */
const COMMAND_TIMEOUT_MS = 500;
/** How long the start-up waits for a first connection before it goes on without one. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * The one Redis connection of a process (the limiters' shared store). Commands never queue while the
 * connection is down — they fail at once, and each limiter answers from its memory insurance — and
 * the client keeps reconnecting in the background. A start with Redis unreachable logs a warning and
 * goes on: an instance that refused to start during a Redis outage would turn it into a site outage.
 */
export async function openRedis(options: { url: string; log: FastifyBaseLogger }): Promise<Redis> {
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Back off up to 2 s between attempts, forever: the outage ends some time.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let isDownLogged = false;
  redis.on('error', (error: Error) => {
    if (isDownLogged) return;
    isDownLogged = true;
    options.log.warn({ err: error }, 'Redis unreachable: limits are counted per instance until it returns');
  });
  redis.on('ready', () => {
    if (isDownLogged) options.log.info('Redis reachable again: limits are shared');
    isDownLogged = false;
  });
  await redis.connect().catch(() => {
    // Reported by the error handler above; the client retries by itself.
  });
  return redis;
}

/** Whether Redis answers now (readiness). */
export async function pingRedis(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/** Closes the connection, politely when it is up. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
