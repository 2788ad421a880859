import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) }), database });
  await app.ready();
  // The database goes away under a running app: every query now fails inside the server.
  await database.close();
});
afterAll(() => app.close());

describe('server-side failures', () => {
  it('answer a generic, localized 500 without internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-language': 'en-US' },
      payload: { email: 'ana@scentia.test', password: 'secret1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong on the server, please try again later',
    });
    expect(response.body).not.toMatch(/stack|closed|PGlite|at /i);
  });

  it('make the health check report the database as down with 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });
});
