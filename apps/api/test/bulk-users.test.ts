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

describe('POST /api/usuario/bulk/ids', () => {
  const ids = (payload: object, language = 'en-US') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/usuario/bulk/ids',
      payload,
      headers: { authorization: `Bearer ${tokens.staff}`, 'content-language': language },
    });

  it('answers the ids the users list shows for its search and state, in its order', async () => {
    for (const [name, isActive] of [
      ['Seleciona Todos Um', true],
      ['Seleciona Todos Dois', true],
      ['Seleciona Todos Inativo', false],
    ] as const) {
      await ctx.createAccount({ profile: 'OPERADOR', name, isActive });
    }
    const filter = { search: 'seleciona todos', isActive: 'true' };
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario?${new URLSearchParams(filter)}&perPage=50`,
      headers: { authorization: `Bearer ${tokens.staff}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const response = await ids(filter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(2);
    expect(response.json().ids).toEqual(list.json().data.map((row: { id: number }) => row.id));
    expect((await ids({ search: 'seleciona todos' })).json().total).toBe(3);
    // The list's paging and sort are not a filter: the body refuses them.
    expect((await ids({ page: '2' })).statusCode).toBe(400);
  });

  it('refuses a filter matching more than the bound with a localized 400', async () => {
    await ctx.query(sql`
      insert into users (name, email, profile_id, confirmed_at)
      select 'Em Massa ' || i, 'massa' || i || '@exemplo.com.br', (select id from profiles where name = 'OPERADOR'), now()
      from generate_series(1, 10001) as i`);
    const response = await ids({ search: 'em massa' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].message).toContain('More than 10,000 records match the filter');
    // Ten thousand rows written first: longer than a test's default on a busy machine.
  }, 180_000);
});
