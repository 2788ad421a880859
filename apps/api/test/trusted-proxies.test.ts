import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

// Behind a proxy that appends the address it saw to X-Forwarded-For, everything left of that entry is
// the client's own writing. The server believes only the hops TRUST_PROXY names.
const PROXY = '10.0.0.5';
const CLIENT = '203.0.113.7';
const FAILURES_PER_IP = 5;

const signIn = (ctx: TestContext, index: number, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor },
    // A new account each time: only the per-IP count can stop these.
    payload: { email: `ninguem${index}@scentia.test`, password: 'Wrong#123' },
  });

const loggedAddresses = async (ctx: TestContext, email: string) =>
  (
    await ctx.query<{ ip: string | null }>(sql`select host(ip) as ip from access_log where email = ${email}`)
  ).map((row) => row.ip);

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_IP: String(FAILURES_PER_IP) });
  });
  afterAll(() => ctx.close());

  it('records the address the proxy saw, not the one the client wrote', async () => {
    const answer = await signIn(ctx, 0, `198.51.100.1, ${CLIENT}`);
    expect(answer.statusCode).toBe(401);
    expect(await loggedAddresses(ctx, 'ninguem0@scentia.test')).toEqual([CLIENT]);
  });

  it('refuses the client past the per-IP limit however it rotates the forged part', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= FAILURES_PER_IP + 2; index += 1) {
      const answer = await signIn(ctx, index, `198.51.100.${index}, ${CLIENT}`);
      statuses.push(answer.statusCode);
    }
    // The first test's failure counts too: the limit is reached on the 5th here, refused from the 6th.
    expect(statuses.slice(0, FAILURES_PER_IP - 1)).toEqual(Array(FAILURES_PER_IP - 1).fill(401));
    expect(statuses.slice(FAILURES_PER_IP - 1)).toEqual([429, 429, 429]);
    // Another client behind the same proxy is not held back.
    expect((await signIn(ctx, 99, `198.51.100.1, 192.0.2.44`)).statusCode).toBe(401);
  });

  it('takes the connection’s address when the hop holds text that is no address', async () => {
    const answer = await signIn(ctx, 100, 'not-an-address');
    expect(answer.statusCode).toBe(401);
    expect(await loggedAddresses(ctx, 'ninguem100@scentia.test')).toEqual([PROXY]);
  });
});

/** A POST /api/login over a real connection, as a proxy on this machine would forward it. */
function postLogin(port: number, email: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email, password: 'Wrong#123' });
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/login',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('a listening server behind a listed proxy (TRUST_PROXY=127.0.0.1)', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      LOGIN_MAX_FAILURES_PER_IP: String(FAILURES_PER_IP),
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('records the hop after the trusted proxy and limits it, whatever the client forged before it', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= FAILURES_PER_IP + 1; index += 1) {
      statuses.push(await postLogin(port, `real${index}@scentia.test`, `192.0.2.${index}, ${CLIENT}`));
    }
    expect(statuses).toEqual([...Array(FAILURES_PER_IP).fill(401), 429]);
    expect(await loggedAddresses(ctx, 'real1@scentia.test')).toEqual([CLIENT]);
  });
});

describe('TRUST_PROXY unset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For and records the connection’s address', async () => {
    const answer = await signIn(ctx, 200, CLIENT);
    expect(answer.statusCode).toBe(401);
    expect(await loggedAddresses(ctx, 'ninguem200@scentia.test')).toEqual([PROXY]);
  });
});
