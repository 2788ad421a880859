import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export type TestRedis = {
  url: string;
  /** A key prefix of its own: test files sharing one Redis never see each other's counts. */
  keyPrefix: string;
  /** Removes this run's keys, and stops the server when this helper started it. */
  close: () => Promise<void>;
};

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A Redis for the tests, found as the PostgreSQL suite finds its server: `TEST_REDIS_URL`, else the
 * machine's on 127.0.0.1:6379, else a throwaway `redis-server` (no persistence) when one is installed.
 * Answers the reason instead when there is none, for the test to say plainly that it skipped.
 */
export async function redisForTests(): Promise<TestRedis | { skipReason: string }> {
  const keyPrefix = `scentia-test-${randomBytes(6).toString('hex')}:`;
  let server: ChildProcess | undefined;
  let url = process.env.TEST_REDIS_URL;
  if (url) {
    if (!(await answers(url))) return { skipReason: `TEST_REDIS_URL (${url}) does not answer` };
  } else if (await answers('redis://127.0.0.1:6379')) {
    url = 'redis://127.0.0.1:6379';
  } else if (spawnSync('redis-server', ['--version']).status === 0) {
    const port = await freePort();
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    url = `redis://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    while (!(await answers(url))) {
      if (Date.now() > deadline) {
        server.kill();
        return { skipReason: 'the redis-server started for the test did not answer' };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } else {
    return {
      skipReason: 'no Redis: set TEST_REDIS_URL, run one on 127.0.0.1:6379, or install redis-server',
    };
  }
  const redisUrl = url;
  return {
    url: redisUrl,
    keyPrefix,
    async close() {
      if (server) {
        server.kill();
        return;
      }
      const client = new Redis(redisUrl);
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1_000);
        if (keys.length > 0) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await client.quit();
    },
  };
}
