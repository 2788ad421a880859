import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * A request whose body stops arriving must not hold its connection for ever (REQUEST_TIMEOUT_MS).
 * Raw sockets, because only they can declare a length and then send less.
 */
let ctx: TestContext;
let port: number;
let staffToken: string;

const TIMEOUT_MS = 1_500;
/** Far over the bound plus Node's checking interval, far under the minutes a stuck request used to wait. */
const GIVE_UP_MS = 15_000;

beforeAll(async () => {
  ctx = await createTestApp({ REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/**
 * Writes `head` and then each piece of `pieces` `pauseMs` apart; resolves with everything the server
 * sent once it closes the connection.
 */
function exchange(head: string, pieces: string[], pauseMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still held after ${GIVE_UP_MS} ms: ${received}`));
    }, GIVE_UP_MS);
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', () => {});
    socket.write(head);
    pieces.forEach((piece, index) => {
      setTimeout(() => socket.write(piece), pauseMs * (index + 1));
    });
  });
}

const post = (path: string, length: number, headers: string[] = []) =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    'Connection: close',
    ...headers,
    '',
    '',
  ].join('\r\n');

describe('a request body that stops arriving', () => {
  it('POST /api/login without a token: 408 and the connection closed', async () => {
    const answer = await exchange(post('/api/login', 200), ['{"email":"a@b.c",'.padEnd(100, ' ')], 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a signed-in route: 408 and the connection closed', async () => {
    const answer = await exchange(
      post('/api/categories', 200, [`Authorization: Bearer ${staffToken}`]),
      ['{"name":"Cítricos",'.padEnd(100, ' ')],
      50,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a slow but whole body within the bound is answered as usual', async () => {
    const body = JSON.stringify({ email: 'nobody@scentia.test', password: 'wrong-password-1' });
    const pieces = [body.slice(0, 20), body.slice(20, 40), body.slice(40)];
    const answer = await exchange(post('/api/login', Buffer.byteLength(body)), pieces, TIMEOUT_MS / 6);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});
