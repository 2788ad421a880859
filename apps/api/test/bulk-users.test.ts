import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
const tokens = { admin: '', staff: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  for (const [role, profile] of [
    ['admin', 'ADMIN'],
    ['staff', 'OPERADOR'],
  ] as const) {
    const account = await ctx.createAccount({ profile });
    tokens[role] = (await ctx.signIn(account.email, account.password)).token;
  }
});
afterAll(() => ctx.close());

const bulk = (role: keyof typeof tokens, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/usuario/bulk',
    payload,
    headers: { authorization: `Bearer ${tokens[role]}`, 'content-language': 'en-US' },
  });

const mailsTo = async (email: string) =>
  (await ctx.query<{ kind: string }>(sql`select kind from mail_outbox where to_address = ${email}`)).length;

describe('POST /api/usuario/bulk', () => {
  it('resends the confirmation to the unconfirmed, refusing the confirmed with its code', async () => {
    const pending = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
    const confirmed = await ctx.createAccount({ profile: 'OPERADOR' });
    const response = await bulk('staff', { action: 'resendConfirmation', ids: [pending.id, confirmed.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { id: pending.id, name: expect.any(String), outcome: 'done', code: null, message: null },
      {
        id: confirmed.id,
        name: expect.any(String),
        outcome: 'refused',
        code: 'ALREADY_CONFIRMED',
        message: 'This account has already been confirmed.',
      },
    ]);
    expect(await mailsTo(pending.email)).toBe(1);
    expect(await mailsTo(confirmed.email)).toBe(0);
  });

  it('lets only an ADMIN deactivate: staff get each row refused, changing nothing', async () => {
    const target = await ctx.createAccount({ profile: 'OPERADOR' });
    const refused = await bulk('staff', { action: 'deactivate', ids: [target.id] });
    expect(refused.json().results[0]).toMatchObject({ outcome: 'refused', code: 'ADMIN_ONLY' });
    const done = await bulk('admin', { action: 'deactivate', ids: [target.id, 99_999_999] });
    expect(done.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'done',
      'notFound',
    ]);
    const again = await bulk('admin', { action: 'deactivate', ids: [target.id] });
    expect(again.json().results[0].outcome).toBe('unchanged');
  });

  it('answers 400 for an action users do not take', async () => {
    const target = await ctx.createAccount({ profile: 'OPERADOR' });
    const response = await bulk('admin', { action: 'move', ids: [target.id], values: { locationId: 1 } });
    expect(response.statusCode).toBe(400);
  });
});
