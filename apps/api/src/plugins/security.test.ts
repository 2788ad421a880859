import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { securityHeadersOf } from './security.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PAGE_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('the security headers, read once from helmet', () => {
  it('are every header helmet writes, with its values', () => {
    const written = new Map<string, string>();
    const response = {
      setHeader: (name: string, value: unknown) => written.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => written.delete(name.toLowerCase()),
    };
    helmet()({} as IncomingMessage, response as unknown as ServerResponse, () => {});
    const ours = securityHeadersOf([]);
    expect(Object.keys(ours).sort()).toEqual(PAGE_HEADERS);
    for (const [name, value] of written)
      if (name !== 'content-security-policy') expect(ours[name]).toBe(value);
    expect(ours['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('let images come from the file bucket', () => {
    const policy = securityHeadersOf(['https://files.example.com'])['content-security-policy'];
    expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/files\.example\.com(;|$)/);
  });
});

describe('the answers that carry them', () => {
  const pageHeadersOf = (headers: Record<string, unknown>) => PAGE_HEADERS.filter((name) => name in headers);

  it('an answer, a refusal at the gate and an unknown route alike', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health/live' }),
      await ctx.app.inject({ method: 'GET', url: '/api/usuario/me' }),
      await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) expect(pageHeadersOf(answer.headers)).toEqual(PAGE_HEADERS);
  });

  it('not a device route, even when it refuses the caller', async () => {
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/device/config',
      headers: { authorization: 'Bearer dvc_not-a-credential' },
    });
    expect(refused.statusCode).toBe(401);
    expect(pageHeadersOf(refused.headers)).toEqual([]);
  });
});
