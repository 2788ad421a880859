import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TokenPair } from '@scentia/shared/auth.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createHttpClient, fileNameFromDisposition, type HttpClientOptions } from './http-client.ts';

/**
 * The refresh logic runs against a real HTTP server on 127.0.0.1: real sockets, real concurrency,
 * nothing mocked between the client and the wire.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

let server: Server;
let baseUrl: string;
let routes: Record<string, Handler>;
let hits: Record<string, number>;
let seen: { path: string; authorization?: string; language?: string; body: string }[];

function json(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

beforeEach(async () => {
  routes = {};
  hits = {};
  seen = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      hits[path] = (hits[path] ?? 0) + 1;
      seen.push({
        path,
        authorization: req.headers.authorization,
        language: req.headers['content-language'] as string | undefined,
        body,
      });
      const handler = routes[path];
      if (handler) void handler(req, res, body);
      else json(res, 404, { statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'no route' });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterEach(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

const INITIAL: TokenPair = { token: 'access-1', refreshToken: 'refresh-1', login: 'admin@scentia.test' };
const RENEWED: TokenPair = { token: 'access-2', refreshToken: 'refresh-2', login: 'admin@scentia.test' };

function makeClient(overrides: Partial<HttpClientOptions> = {}) {
  let tokens: TokenPair | null = INITIAL;
  const onSessionExpired = vi.fn(() => {
    tokens = null;
  });
  const client = createHttpClient({
    baseUrl,
    getTokens: () => tokens,
    onTokensRefreshed: (next) => {
      tokens = next;
    },
    onSessionExpired,
    getLanguage: () => 'es-ES',
    now: () => new Date('2026-03-01T12:00:00Z'),
    ...overrides,
  });
  return { client, onSessionExpired, tokens: () => tokens };
}

/** Accepts only the renewed access token, like an API whose first token has expired. */
function protectedRoute(req: IncomingMessage, res: ServerResponse) {
  if (req.headers.authorization === `Bearer ${RENEWED.token}`) json(res, 200, { ok: true });
  else json(res, 401, { statusCode: 401, code: 'TOKEN_EXPIRED', message: 'expired' });
}

/** Rotates like the real API: the first refresh token works once, and slowly enough to overlap. */
function rotatingRefresh(_req: IncomingMessage, res: ServerResponse, body: string) {
  const { Refresh } = JSON.parse(body) as { Refresh: string };
  setTimeout(() => {
    if (Refresh === INITIAL.refreshToken) json(res, 200, RENEWED);
    else json(res, 401, { statusCode: 401, code: 'INVALID_REFRESH_TOKEN', message: 'revoked' });
  }, 50);
}

describe('http client: refresh on 401', () => {
  it('shares one refresh among 5 concurrent 401s and retries each call exactly once', async () => {
    routes['/api/things'] = protectedRoute;
    routes['/api/login/refresh'] = rotatingRefresh;
    const { client, onSessionExpired, tokens } = makeClient();

    const results = await Promise.all(
      Array.from({ length: 5 }, () => client.get<{ ok: boolean }>('/things')),
    );

    expect(results).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(hits['/api/login/refresh']).toBe(1);
    expect(hits['/api/things']).toBe(10);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokens()).toEqual(RENEWED);
    const refresh = seen.find((entry) => entry.path === '/api/login/refresh');
    expect(JSON.parse(refresh?.body ?? '{}')).toEqual({
      InstanciaAno: 2026,
      Login: 'admin@scentia.test',
      Refresh: 'refresh-1',
    });
    expect(refresh?.authorization).toBeUndefined();
    const retries = seen.filter((entry) => entry.path === '/api/things').slice(5);
    expect(retries.every((entry) => entry.authorization === 'Bearer access-2')).toBe(true);
  });

  it('does not refresh again for a 401 that started before the refresh finished', async () => {
    routes['/api/things'] = protectedRoute;
    routes['/api/login/refresh'] = rotatingRefresh;
    routes['/api/slow'] = (req, res) => {
      setTimeout(() => protectedRoute(req, res), 150);
    };
    const { client } = makeClient();

    await Promise.all([client.get('/things'), client.get('/slow')]);

    expect(hits['/api/login/refresh']).toBe(1);
    expect(hits['/api/slow']).toBe(2);
  });

  it('logs out once when the refresh is refused, and retries nothing', async () => {
    routes['/api/things'] = protectedRoute;
    routes['/api/login/refresh'] = (_req, res) =>
      json(res, 401, { statusCode: 401, code: 'INVALID_REFRESH_TOKEN', message: 'revoked' });
    const { client, onSessionExpired, tokens } = makeClient();

    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => client.get('/things')));

    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(hits['/api/login/refresh']).toBe(1);
    expect(hits['/api/things']).toBe(5);
    expect(tokens()).toBeNull();
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.status).toBe(401);
      expect(reason.code).toBe('SESSION_EXPIRED');
    }
  });

  it('does not retry a second time when the retried call gets 401 again', async () => {
    routes['/api/always-401'] = (_req, res) =>
      json(res, 401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'nope' });
    routes['/api/login/refresh'] = rotatingRefresh;
    const { client, onSessionExpired } = makeClient();

    const error = await client.get('/always-401').catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('nope');
    expect(hits['/api/always-401']).toBe(2);
    expect(hits['/api/login/refresh']).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('keeps the session when the refresh endpoint fails with a server error', async () => {
    routes['/api/things'] = protectedRoute;
    routes['/api/login/refresh'] = (_req, res) =>
      json(res, 503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down' });
    const { client, onSessionExpired, tokens } = makeClient();

    const error = await client.get('/things').catch((reason: unknown) => reason);

    expect((error as ApiError).status).toBe(503);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokens()).toEqual(INITIAL);
  });

  it('never refreshes for unauthenticated calls such as the sign-in itself', async () => {
    routes['/api/login'] = (_req, res) =>
      json(res, 401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas' });
    routes['/api/login/refresh'] = rotatingRefresh;
    const { client } = makeClient();

    const error = (await client
      .post('/login', { email: 'a@b.co', password: 'x' }, { isAuthenticated: false })
      .catch((reason: unknown) => reason)) as ApiError;

    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.message).toBe('Credenciales inválidas');
    expect(hits['/api/login/refresh']).toBeUndefined();
    expect(seen[0]?.authorization).toBeUndefined();
  });
});

describe('http client: requests and errors', () => {
  it('sends the bearer token and the Content-Language header', async () => {
    routes['/api/echo'] = (_req, res) => json(res, 200, { ok: true });
    const { client } = makeClient();

    await client.get('/echo', { query: { page: 1, search: '', orderBy: 'nome' } });

    expect(seen[0]?.authorization).toBe('Bearer access-1');
    expect(seen[0]?.language).toBe('es-ES');
  });

  it('throws non-401 errors as ApiError with status, code, message and Retry-After', async () => {
    routes['/api/login'] = (_req, res) =>
      json(
        res,
        429,
        { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'slow down' },
        { 'retry-after': '30' },
      );
    const { client } = makeClient();

    const error = (await client
      .post('/login', {}, { isAuthenticated: false })
      .catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe('slow down');
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('answers undefined for 204', async () => {
    routes['/api/logout'] = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const { client } = makeClient();

    await expect(
      client.post('/logout', { refreshToken: 'x' }, { isAuthenticated: false }),
    ).resolves.toBeUndefined();
  });

  it('reports a timeout first and aborts the transfer later', async () => {
    let closedAt = 0;
    routes['/api/hang'] = (req) => {
      req.socket.on('close', () => {
        closedAt = Date.now();
      });
    };
    const { client } = makeClient({ timeoutMs: 100, cancelMs: 400 });

    const error = (await client.get('/hang').catch((e: unknown) => e)) as ApiError;
    const timedOutAt = Date.now();

    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('TIMEOUT');
    // The connection is still open when the timeout is reported ...
    expect(closedAt).toBe(0);
    // ... and the hard cancel tears it down afterwards.
    await vi.waitFor(() => expect(closedAt).toBeGreaterThan(timedOutAt), { timeout: 2_000 });
  });
});

describe('http client: downloads', () => {
  it('downloads a file with the bearer, refreshing on 401, and reads its name', async () => {
    routes['/api/export'] = (req, res) => {
      if (req.headers.authorization !== `Bearer ${RENEWED.token}`) {
        json(res, 401, { statusCode: 401, code: 'TOKEN_EXPIRED', message: 'expired' });
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': 'attachment; filename="usuarios-2026-03-01.xlsx"',
      });
      res.end(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    };
    routes['/api/login/refresh'] = rotatingRefresh;
    const { client } = makeClient();

    const file = await client.download('/export', { query: { search: 'ana', orderBy: 'nome' } });

    expect(file.fileName).toBe('usuarios-2026-03-01.xlsx');
    expect(file.blob.size).toBe(4);
    expect(hits['/api/export']).toBe(2);
  });

  it('rejects a failed download with the server error', async () => {
    routes['/api/export'] = (_req, res) =>
      json(res, 400, { statusCode: 400, code: 'VALIDATION', message: 'bad sort' });
    const { client } = makeClient();

    const error = (await client.download('/export').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('VALIDATION');
  });

  it('reads plain, quoted and RFC 5987 file names, and never a path', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameFromDisposition("attachment; filename=x.xlsx; filename*=UTF-8''usu%C3%A1rios.xlsx")).toBe(
      'usuários.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});

describe('http client: multipart bodies', () => {
  it('sends FormData as multipart with the bearer and language, and sends it again after a refresh', async () => {
    const contentTypes: (string | undefined)[] = [];
    routes['/api/uploads'] = (req, res) => {
      contentTypes.push(req.headers['content-type']);
      protectedRoute(req, res);
    };
    routes['/api/login/refresh'] = rotatingRefresh;
    const { client } = makeClient();
    const form = new FormData();
    form.append('name', 'Limão Siciliano');
    form.append('image.file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'limao.png');

    expect(await client.post('/uploads', form)).toEqual({ ok: true });

    expect(hits['/api/uploads']).toBe(2);
    expect(contentTypes.every((type) => type?.startsWith('multipart/form-data; boundary='))).toBe(true);
    const [first, retry] = seen.filter((entry) => entry.path === '/api/uploads');
    expect(first?.language).toBe('es-ES');
    expect(retry?.authorization).toBe('Bearer access-2');
    expect(retry?.body).toContain('name="image.file"; filename="limao.png"');
    expect(retry?.body).toContain('Limão Siciliano');
  });
});
