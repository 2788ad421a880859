import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithAuditContext } from '../src/lib/audit/audit-context.ts';
import { createLogger } from '../src/logger.ts';
import { createTestApp, type TestContext } from './test-app.ts';

type Line = Record<string, unknown> & { reqId?: string; msg?: string };

/** A logger as the server makes it, writing into `lines` (and the raw text, to count keys). */
function capturedLogger() {
  const lines: Line[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) {
        raw.push(text);
        lines.push(JSON.parse(text) as Line);
      }
      done();
    },
  });
  return { logger: createLogger('info', stream), lines, raw };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  const captured = capturedLogger();
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    // The postcode service is unreachable: its provider logs a warning through the server's own logger.
    ctx = await createTestApp(
      { LOG_LEVEL: 'info', VIACEP_URL: 'http://127.0.0.1:9', VIACEP_TIMEOUT_MS: '500' },
      {
        logger: captured.logger,
      },
    );
    const account = await ctx.createAccount();
    token = (await ctx.signIn(account.email, account.password)).token;
  });
  afterAll(() => ctx.close());

  it('takes a safe incoming X-Request-Id, sends it back, and puts it on every line the request logs', async () => {
    const id = 'edge-7f3a9c21b4';
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/geo/postcode/01310-100',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': id },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    await new Promise((resolve) => setImmediate(resolve));
    const mine = captured.lines.filter((line) => line.reqId === id);
    // Fastify's own lines (received, answered) and the provider's warning, written by a service.
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'incoming request',
        'Postcode service unavailable; using the CEP range',
        'request completed',
      ]),
    );
    const warning = captured.raw.find((text) => text.includes('Postcode service unavailable'));
    expect(warning?.match(/"reqId"/g)).toHaveLength(1);
    // No line about that request lacks the id.
    const untagged = captured.lines.filter(
      (line) => line.reqId === undefined && JSON.stringify(line).includes('01310'),
    );
    expect(untagged).toEqual([]);
  });

  it('makes a new id for an incoming one that is not a short safe token', async () => {
    for (const unsafe of [
      'short',
      'has spaces in it',
      '../../etc/passwd',
      `a${'b'.repeat(64)}`,
      'semi;colon-1234',
    ]) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': unsafe },
      });
      expect(answer.headers['x-request-id'], unsafe).toMatch(UUID);
    }
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
  });
});

describe('createLogger', () => {
  it('names the running request on a line from any logger, once, and nothing outside a request', () => {
    const { logger, lines, raw } = capturedLogger();
    const context = {
      actorId: null,
      ip: null,
      userAgent: null,
      action: 'test',
      requestId: 'req-0123456789',
    };
    logger.info('outside');
    runWithAuditContext(
      () => context,
      () => {
        logger.info('inside');
        logger.child({ reqId: 'req-0123456789' }).info('bound');
      },
    );
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['outside', undefined],
      ['inside', 'req-0123456789'],
      ['bound', 'req-0123456789'],
    ]);
    expect(raw[2]?.match(/"reqId"/g)).toHaveLength(1);
  });
});
