import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  copyOfTemplate,
  freePort,
  killStartedServers,
  type SpawnedServer,
  startServer,
} from './spawned-server.ts';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  killStartedServers();
  for (const drop of drops) await drop();
});

/**
 * A sign-in sent in two halves on its own connection: the server has accepted the connection and read
 * the request's head before `finish` sends the rest of the body. Answers the whole response as text.
 */
async function requestInFlight(port: number) {
  const body = JSON.stringify({ email: 'nobody@scentia.test', password: 'Wrong#123' });
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const response = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    response,
  };
}

/** True when a new connection is refused (a kept-alive one may still be answered, with 503). */
function isRefused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function start(env: Record<string, string>): Promise<SpawnedServer & { port: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'scentia-shutdown-'));
  // The suite's database (PGlite, or the PostgreSQL server of TEST_DATABASE_URL), already migrated.
  const { databaseUrl, drop } = await copyOfTemplate(dataDir);
  drops.push(drop);
  const server = await startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    ...env,
  });
  return { ...server, port };
}

const exitCode = (server: SpawnedServer) =>
  server.exited.then(() => server.child.exitCode ?? server.child.signalCode);

describe('SIGTERM', () => {
  it('stops accepting at once, and answers every request it had accepted before it exits', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '20000' });
    const inFlight = await Promise.all(Array.from({ length: 5 }, () => requestInFlight(server.port)));
    // The server has read each request's head before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await isRefused(server.port)).toBe(true);
    expect(server.child.exitCode).toBeNull();

    for (const request of inFlight) request.finish();
    const responses = await Promise.all(inFlight.map((request) => request.response));
    // A wrong password's answer, whole: neither a reset connection nor a 503, and the connection
    // closed by the answer itself, so its client does not send another request on it.
    for (const response of responses) {
      expect(response).toMatch(/^HTTP\/1\.1 401 /);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      expect(response).toContain('"code"');
    }
    expect(await exitCode(server)).toBe(0);
    expect(server.output()).toContain('"msg":"Shut down"');
  }, 120_000);

  it('resets no kept-alive connection a client reuses: each request is answered, or refused unsent', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '20000' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    // A route that keeps its connections alive: a limited one (sign-in) answers 429 with
    // `Connection: close` within a second, and its clients would reconnect instead of reusing.
    const ask = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            agent,
            host: '127.0.0.1',
            port: server.port,
            method: 'GET',
            path: '/api/health/live',
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end();
      });
    const lost: string[] = [];
    let answers = 0;
    // Each client posts again as soon as it has an answer, until a new connection is refused.
    const client = async () => {
      for (;;) {
        try {
          await ask();
          answers += 1;
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== 'ECONNREFUSED') lost.push(`${code}: ${(error as Error).message}`);
          return;
        }
      }
    };
    const clients = Array.from({ length: 20 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    agent.destroy();
    expect(answers).toBeGreaterThan(20);
    expect(lost).toEqual([]);
    expect(await exitCode(server)).toBe(0);
  }, 120_000);

  it('exits with 1 once SHUTDOWN_TIMEOUT_MS has passed, when a request never finishes', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '1500' });
    await requestInFlight(server.port);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await exitCode(server)).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    expect(server.output()).toContain('Shutdown took too long');
  }, 120_000);
});
