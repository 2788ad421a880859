import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const refresh = (login: string, refreshToken: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login/refresh',
    payload: { InstanciaAno: new Date().getFullYear(), Login: login, Refresh: refreshToken },
  });
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/usuario/me', headers: { authorization: `Bearer ${token}` } });

async function newSession() {
  const account = await ctx.createAccount();
  return { account, pair: await ctx.signIn(account.email, account.password) };
}

describe('POST /api/login/refresh', () => {
  it('answers a new pair and revokes the presented refresh token (rotation)', async () => {
    const { account, pair } = await newSession();
    const rotated = await refresh(account.email, pair.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refreshToken).not.toBe(pair.refreshToken);
    expect(next.login).toBe(account.email);
    expect((await me(next.token)).statusCode).toBe(200);
    const again = await refresh(account.email, next.refreshToken);
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a revoked token is presented again', async () => {
    const { account, pair } = await newSession();
    const next = (await refresh(account.email, pair.refreshToken)).json();

    const replay = await refresh(account.email, pair.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_REFRESH_TOKEN');
    // The legitimate successor and its access token die with the family.
    expect((await refresh(account.email, next.refreshToken)).statusCode).toBe(401);
    expect((await me(next.token)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with the same token win', async () => {
    const { account, pair } = await newSession();
    const results = await Promise.all([
      refresh(account.email, pair.refreshToken),
      refresh(account.email, pair.refreshToken),
    ]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
  });

  it('does not touch other sessions of the same account', async () => {
    const account = await ctx.createAccount();
    const first = await ctx.signIn(account.email, account.password);
    const second = await ctx.signIn(account.email, account.password);
    await refresh(account.email, first.refreshToken);
    await refresh(account.email, first.refreshToken); // replay kills the first family only
    expect((await refresh(account.email, second.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const { account } = await newSession();
    expect((await refresh(account.email, 'not-a-token')).statusCode).toBe(401);
  });

  it('refuses a token presented with another login', async () => {
    const { pair } = await newSession();
    const other = await ctx.createAccount();
    expect((await refresh(other.email, pair.refreshToken)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { account, pair } = await newSession();
    await ctx.db.execute(sql`update refresh_tokens set expires_at = now() - interval '1 minute'
      where user_id = ${account.id}`);
    expect((await refresh(account.email, pair.refreshToken)).statusCode).toBe(401);
  });

  it('refuses and ends the session of an account deactivated meanwhile', async () => {
    const { account, pair } = await newSession();
    await ctx.setAccountState(account.id, { deletedAt: new Date() });
    expect((await refresh(account.email, pair.refreshToken)).statusCode).toBe(401);
    await ctx.setAccountState(account.id, { deletedAt: null });
    expect((await refresh(account.email, pair.refreshToken)).statusCode).toBe(401);
  });

  it('validates its body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { Login: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'Refresh', message: 'Campo obrigatório.' }]);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session: its refresh token and its access token stop working', async () => {
    const { account, pair } = await newSession();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(account.email, pair.refreshToken)).statusCode).toBe(401);
    expect((await me(pair.token)).statusCode).toBe(401);
  });

  it('is idempotent for unknown tokens', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: 'unknown' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('counts rows unchanged after a rejected refresh', async () => {
    const before = await ctx.countRows('refresh_tokens');
    await refresh('ghost@scentia.test', 'nothing');
    expect(await ctx.countRows('refresh_tokens')).toBe(before);
  });
});
