import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceFixture } from './device-fixture.ts';
import { multipart, type Part } from './multipart.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/*
 * A refusal answered before the request's body has arrived whole must not leave the keep-alive
 * connection stuck: the server either reads the rest or answers `Connection: close` and closes it.
 * These go through a real port, with one keep-alive socket shared by both requests, because
 * `app.inject` has no connection to get stuck.
 */
let ctx: TestContext;
let origin: string;
let staffToken: string;

/** Far under the minute a stuck connection waits, far over what an answer takes on a busy machine. */
const ANSWER_WITHIN_MS = 15_000;

beforeAll(async () => {
  ctx = await createTestApp();
  const staff = await ctx.createAccount({ profile: 'OPERADOR' });
  staffToken = (await ctx.signIn(staff.email, staff.password)).token;
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request through `agent`; the body is written in 64 KB slices, as a browser uploads. */
function request(
  agent: http.Agent,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${options.path}`)), ANSWER_WITHIN_MS);
    const outgoing = http.request(
      `${origin}${options.path}`,
      {
        agent,
        method: options.method,
        headers: {
          ...options.headers,
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          });
        });
      },
    );
    // The server may close the socket while the rest of a refused body is still being written.
    outgoing.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const body = options.body;
    if (!body) {
      outgoing.end();
      return;
    }
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const slice = body.subarray(offset, offset + 65_536);
        offset += slice.length;
        if (!outgoing.write(slice)) {
          outgoing.once('drain', writeMore);
          return;
        }
      }
      outgoing.end();
    };
    writeMore();
  });
}

/**
 * Sends the refused request, then a second one through the same single keep-alive socket: it must be
 * answered (on that socket when the server read the rest, on a new one when it closed the first).
 */
async function refusedThenNext(refused: Parameters<typeof request>[1]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await request(agent, refused);
    const next = await request(agent, { method: 'GET', path: '/api/health' });
    return { first, next };
  } finally {
    agent.destroy();
  }
}

const staff = () => ({ authorization: `Bearer ${staffToken}` });

/** A cover large enough that the refusal is answered while most of it is still on its way. */
const twoMegabyteCover: Part = {
  name: 'cover.file',
  fileName: 'cover.png',
  contentType: 'image/png',
  bytes: Buffer.alloc(2_097_152, 7),
};

describe('a refusal before the body is read', () => {
  it('POST /api/campaigns with 10,000 collection parts: 400, and the next request is answered', async () => {
    const parts: Part[] = [{ name: 'name', value: 'Verão' }];
    for (let index = 0; parts.length < 10_000; index += 1) {
      parts.push({ name: `collection[${index}][fragranceId]`, value: '1' });
    }
    const form = multipart(parts);
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/campaigns',
      headers: { ...form.headers, ...staff() },
      body: form.payload,
    });
    expect(first.status, first.body).toBe(400);
    expect(JSON.parse(first.body).fields).toEqual([expect.objectContaining({ path: 'body' })]);
    expect(next.status).toBe(200);
  });

  it('POST /api/campaigns with a control character in name before a 2 MB cover: 400, and the next request is answered', async () => {
    const form = multipart([{ name: 'name', value: 'Ver\u0007ão' }, twoMegabyteCover]);
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/campaigns',
      headers: { ...form.headers, ...staff() },
      body: form.payload,
    });
    expect(first.status, first.body).toBe(400);
    expect(JSON.parse(first.body).fields).toEqual([expect.objectContaining({ path: 'name' })]);
    expect(next.status).toBe(200);
  });

  it('POST /api/campaigns signed out with a 2 MB multipart body: 401, and the next request is answered', async () => {
    const form = multipart([{ name: 'name', value: 'Verão' }, twoMegabyteCover]);
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/campaigns',
      headers: form.headers,
      body: form.payload,
    });
    expect(first.status, first.body).toBe(401);
    expect(next.status).toBe(200);
  });

  it('POST /api/categories with a 2 MB JSON body: 413, and the next request is answered', async () => {
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/categories',
      headers: { 'content-type': 'application/json', ...staff() },
      body: Buffer.from(JSON.stringify({ name: 'x'.repeat(2_097_152) })),
    });
    expect(first.status, first.body).toBe(413);
    expect(next.status).toBe(200);
  });

  it('POST /api/categories with a 2 MB text/plain body: 415, and the next request is answered', async () => {
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/categories',
      headers: { 'content-type': 'text/plain', ...staff() },
      body: Buffer.alloc(2_097_152, 120),
    });
    expect(first.status, first.body).toBe(415);
    expect(next.status).toBe(200);
  });

  it('PUT /api/categories/1 as a USER with a 2 MB JSON body: 403, and the next request is answered', async () => {
    const person = await ctx.createAccount({ profile: 'USER' });
    const { token } = await ctx.signIn(person.email, person.password);
    const { first, next } = await refusedThenNext({
      method: 'PUT',
      path: '/api/categories/1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: Buffer.from(JSON.stringify({ name: 'x'.repeat(2_097_152) })),
    });
    expect(first.status, first.body).toBe(403);
    expect(next.status).toBe(200);
  });

  it('POST /api/device/shots with a staff token and a 2 MB body: 401, and the next request is answered', async () => {
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/device/shots',
      headers: { 'content-type': 'application/json', ...staff() },
      body: Buffer.from(JSON.stringify({ sequence: 1, shots: [], padding: 'x'.repeat(2_097_152) })),
    });
    expect(first.status, first.body).toBe(401);
    expect(JSON.parse(first.body).code).toBe('DEVICE_CREDENTIAL_INVALID');
    expect(next.status).toBe(200);
  });

  it('POST /api/device/shots past its 128 KB limit with a device credential: 413, and the next request is answered', async () => {
    const { credential } = await (await createDeviceFixture(ctx)).createDevice();
    const { first, next } = await refusedThenNext({
      method: 'POST',
      path: '/api/device/shots',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
      body: Buffer.from(JSON.stringify({ sequence: 1, shots: [], padding: 'x'.repeat(2_097_152) })),
    });
    expect(first.status, first.body).toBe(413);
    expect(next.status).toBe(200);
  });

  it('keeps the connection when the body was read whole', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await request(agent, {
        method: 'POST',
        path: '/api/categories',
        headers: { 'content-type': 'application/json', ...staff() },
        body: Buffer.from(JSON.stringify({ name: 'x' })),
      });
      expect(first.status).toBe(400);
      expect(first.headers.connection).not.toBe('close');
    } finally {
      agent.destroy();
    }
  });
});
