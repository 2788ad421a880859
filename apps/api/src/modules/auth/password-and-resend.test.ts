import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
});
afterAll(() => ctx.close());

const changePassword = (token: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/usuario/update-password',
    payload,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const refresh = (login: string, refreshToken: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login/refresh',
    payload: { Login: login, Refresh: refreshToken },
  });
const resend = (token: string, id: number | string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/usuario/resend-mail/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function mailsTo(email: string) {
  return ctx.query<{ kind: string; link: string }>(
    sql`select kind, link from mail_outbox where to_address = ${email} order by id`,
  );
}

describe('PUT /api/usuario/update-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const account = await ctx.createAccount();
    const here = await ctx.signIn(account.email, account.password);
    const elsewhere = await ctx.signIn(account.email, account.password);
    const response = await changePassword(here.token, {
      senhaAtual: account.password,
      novaSenha: 'Nova#2026',
    });
    expect(response.statusCode).toBe(204);
    expect((await refresh(account.email, here.refreshToken)).statusCode).toBe(200);
    expect((await refresh(account.email, elsewhere.refreshToken)).statusCode).toBe(401);
    await expect(ctx.signIn(account.email, 'Nova#2026')).resolves.toBeDefined();
  });

  it('refuses a wrong current password with 400 (not 401, which would end the session) and keeps the old one', async () => {
    const account = await ctx.createAccount();
    const { token } = await ctx.signIn(account.email, account.password);
    const response = await changePassword(
      token,
      { senhaAtual: 'errada', novaSenha: 'Nova#2026' },
      { 'content-language': 'en-US' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'The current password is wrong.',
    });
    await expect(ctx.signIn(account.email, account.password)).resolves.toBeDefined();
  });

  it('blocks guessing the current password with 429', async () => {
    const account = await ctx.createAccount();
    const { token } = await ctx.signIn(account.email, account.password);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await changePassword(token, { senhaAtual: `wrong${attempt}`, novaSenha: 'Nova#2026' });
    }
    const blocked = await changePassword(token, { senhaAtual: account.password, novaSenha: 'Nova#2026' });
    expect(blocked.statusCode).toBe(429);
  });

  it('enforces the password rule', async () => {
    const account = await ctx.createAccount();
    const { token } = await ctx.signIn(account.email, account.password);
    const response = await changePassword(token, { senhaAtual: account.password, novaSenha: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'novaSenha', message: 'A senha deve ter de 4 a 16 caracteres.' },
    ]);
  });

  it('requires a session', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/usuario/update-password',
      payload: { senhaAtual: 'a', novaSenha: 'abcd' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/usuario/resend-mail/{id}', () => {
  it('re-sends the registration mail of an account without a password; the old link dies', async () => {
    const admin = await ctx.createAccount();
    const { token } = await ctx.signIn(admin.email, admin.password);
    const invited = await ctx.createAccount({ isConfirmed: false, profile: 'OPERADOR' });
    await ctx.query(sql`update users set password_hash = null where id = ${invited.id}`);

    expect((await resend(token, invited.id)).statusCode).toBe(204);
    expect((await resend(token, invited.id)).statusCode).toBe(204);
    const [first, second] = await mailsTo(invited.email);
    expect(first?.kind).toBe('registration');
    expect(new URL(first?.link ?? '').pathname).toBe('/auth/cadastrar-senha');

    const oldToken = new URL(first?.link ?? '').searchParams.get('t');
    const newToken = new URL(second?.link ?? '').searchParams.get('t');
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/requisicaotemporaria',
      payload: { token: oldToken, password: 'Convite1' },
    });
    expect(old.statusCode).toBe(400);
    const fresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/requisicaotemporaria',
      payload: { token: newToken, password: 'Convite1', kind: 'registration' },
    });
    expect(fresh.statusCode).toBe(200);
    await expect(ctx.signIn(invited.email, 'Convite1')).resolves.toBeDefined();
  });

  it('re-sends the activation mail of someone who signed up', async () => {
    const admin = await ctx.createAccount();
    const { token } = await ctx.signIn(admin.email, admin.password);
    const pending = await ctx.createAccount({ isConfirmed: false, profile: 'USER' });
    expect((await resend(token, pending.id)).statusCode).toBe(204);
    expect((await mailsTo(pending.email)).map((mail) => mail.kind)).toEqual(['activation']);
  });

  it('is allowed to non-admin staff, refused to USER profiles', async () => {
    const pending = await ctx.createAccount({ isConfirmed: false });
    const operator = await ctx.createAccount({ profile: 'OPERADOR' });
    const user = await ctx.createAccount({ profile: 'USER' });
    expect(
      (await resend((await ctx.signIn(operator.email, operator.password)).token, pending.id)).statusCode,
    ).toBe(204);
    expect((await resend((await ctx.signIn(user.email, user.password)).token, pending.id)).statusCode).toBe(
      403,
    );
  });

  it('refuses confirmed accounts with 409, unknown ids with 404, bad ids with 400', async () => {
    const admin = await ctx.createAccount();
    const { token } = await ctx.signIn(admin.email, admin.password);
    expect((await resend(token, admin.id)).statusCode).toBe(409);
    expect((await resend(token, 999_999)).statusCode).toBe(404);
    expect((await resend(token, 'abc')).statusCode).toBe(400);
    expect(await mailsTo(admin.email)).toHaveLength(0);
  });
});
