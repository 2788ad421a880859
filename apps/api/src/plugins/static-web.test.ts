import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/spawned-server.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
let root: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
// The prerendered login page's own inline script, which boots the app at the first sign of use.
const bootScript = "addEventListener('focusin', () => import('/assets/index-abc123.js'));";

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'scentia-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  mkdirSync(join(root, 'login'));
  for (const language of ['pt-BR', 'en-US', 'es-ES']) {
    writeFileSync(
      join(root, 'login', `${language}.html`),
      `<!doctype html><html lang="${language}"><body><div id="root"></div><script>${bootScript}</script></body></html>`,
    );
  }
  writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, webRoot: root });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('web client serving', () => {
  it('answers GET /metrics with 404 when metrics are not served on this port, never with a page', async () => {
    const elsewhere = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        METRICS_PORT: String(await freePort()),
        METRICS_TOKEN: 'a-token-of-16-characters',
      }),
      database,
      webRoot: root,
    });
    for (const server of [app, elsewhere]) {
      const response = await server.inject({
        method: 'GET',
        url: '/metrics',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
    await elsewhere.close();
  });

  it('serves index.html for client routes (history fallback), revalidated', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it("serves the login page prerendered in the language cookie's language, Portuguese without one", async () => {
    const page = (headers: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: '/auth/login?expired=true',
        headers: { accept: 'text/html', ...headers },
      });
    const portuguese = await page({});
    expect(portuguese.statusCode).toBe(200);
    expect(portuguese.body).toContain('lang="pt-BR"');
    expect(portuguese.headers.vary).toMatch(/cookie/i);
    expect((await page({ cookie: 'theme=dark; language=es' })).body).toContain('lang="es-ES"');
    expect((await page({ cookie: 'language=en' })).body).toContain('lang="en-US"');
    expect((await page({ cookie: 'language=xx' })).body).toContain('lang="pt-BR"');
    // Every other client route keeps the plain page.
    const signUp = await app.inject({
      method: 'GET',
      url: '/auth/sign-up',
      headers: { cookie: 'language=en' },
    });
    expect(signUp.body).toContain('<div id="root">');
  });

  it("lets the prerendered login page's inline script run, by its hash, and no other page's", async () => {
    const hash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;
    const login = await app.inject({ method: 'GET', url: '/auth/login', headers: { accept: 'text/html' } });
    const policy = String(login.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`(^|;)\\s*script-src 'self' ${hash}(;|$)`));
    // The rest of helmet's policy is kept as it was.
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");

    const signUp = await app.inject({
      method: 'GET',
      url: '/auth/sign-up',
      headers: { accept: 'text/html' },
    });
    expect(String(signUp.headers['content-security-policy'])).not.toContain('sha256-');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the pre-compressed brotli variant when the browser accepts it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(script.length);
  });

  it('answers a missing asset with 404 instead of the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps /api answers as JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('GET /api/health', () => {
  it('reports the database status', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'up', driver: 'pglite' });
  });
});
