import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killStartedServers, type SpawnedServer, startServer } from './spawned-server.ts';

afterAll(killStartedServers);

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

async function isRefused(port: number) {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`);
    return false;
  } catch {
    return true;
  }
}

async function start(env: Record<string, string>): Promise<SpawnedServer & { port: number }> {
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'scentia-shutdown-')),
    DATABASE_URL: '',
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
    // A wrong password's answer, whole: neither a reset connection nor a 503.
    for (const response of responses) {
      expect(response).toMatch(/^HTTP\/1\.1 401 /);
      expect(response).toContain('"code"');
    }
    expect(await exitCode(server)).toBe(0);
    expect(server.output()).toContain('"msg":"Shut down"');
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
