import { createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler.ts';
import { i18nPlugin } from './i18n.ts';

// A server that takes connections and never answers: the pool's wait for a connection runs out, and
// pg-pool throws exactly what it throws when every connection is busy under load.
let silent: Server;
let pool: pg.Pool;
const app = Fastify();

beforeAll(async () => {
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  pool = new pg.Pool({ host: '127.0.0.1', port, max: 1, connectionTimeoutMillis: 50 });
  await app.register(i18nPlugin);
  await app.register(errorHandlerPlugin);
  app.get('/busy', async () => {
    try {
      await pool.query('select 1');
    } catch (error) {
      // As Drizzle reports it: its own error, the pool's as the cause.
      throw new Error('Failed query: select 1', { cause: error });
    }
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await pool.end().catch(() => {});
  silent.close();
});

describe('no database connection had within the pool’s wait', () => {
  it('answers 503 with Retry-After in the request’s language, not a 500', async () => {
    // Two at once on a pool of one: the first waits for its new connection to answer, the second for
    // the first's connection to free up; each runs out of time in its own way.
    const get = () => app.inject({ method: 'GET', url: '/busy', headers: { 'content-language': 'en-US' } });
    for (const response of await Promise.all([get(), get()])) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service temporarily unavailable.',
      });
    }
  });
});
