import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ APP_URL: 'https://painel.scentia.test' });
});
afterAll(() => ctx.close());

let ip = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers,
    remoteAddress: `10.30.${Math.floor(++ip / 200)}.${ip % 200}`,
  });

/** The newest link mailed to an address, read from the outbox (no SMTP in this file). */
async function latestLink(email: string) {
  await ctx.afterAnswersSettled();
  const [row] = await ctx.query<{ link: string; kind: string }>(
    sql`select link, kind from mail_outbox where to_address = ${email} order by id desc limit 1`,
  );
  if (!row) throw new Error(`No mail for ${email}`);
  const url = new URL(row.link);
  return { path: url.pathname, token: url.searchParams.get('t') ?? '', kind: row.kind };
}

async function passwordHashOf(id: number) {
  const [row] = await ctx.query<{ password_hash: string; confirmed_at: Date | null }>(
    sql`select password_hash, confirmed_at from users where id = ${id}`,
  );
  return row;
}

describe('POST /api/usuario/recuperar-senha', () => {
  it('answers 204 and mails a recovery link to an existing account', async () => {
    const account = await ctx.createAccount();
    expect(
      (await post('/api/usuario/recuperar-senha', { email: account.email.toUpperCase() })).statusCode,
    ).toBe(204);
    const link = await latestLink(account.email);
    expect(link).toMatchObject({ path: '/auth/recuperar-senha', kind: 'recovery' });
  });

  it('answers before the link and the mail are made, so its timing cannot tell a known address', async () => {
    const account = await ctx.createAccount();
    // The recovery's work is held up behind a lock; its answer must not be.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isLocked = () => {};
    const locked = new Promise<void>((resolve) => {
      isLocked = resolve;
    });
    const holder = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`lock table temporary_requests in exclusive mode`);
      isLocked();
      await released;
    });
    await locked;
    const answer = await Promise.race([
      post('/api/usuario/recuperar-senha', { email: account.email }),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000)),
    ]);
    release();
    await holder;
    expect(answer?.statusCode, 'no answer while the work was held up').toBe(204);
    expect(await latestLink(account.email)).toMatchObject({ kind: 'recovery' });
  });

  it('answers exactly the same for an unknown address, and mails nothing', async () => {
    const before = await ctx.query(sql`select id from mail_outbox`);
    const response = await post('/api/usuario/recuperar-senha', { email: 'nobody@scentia.test' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    await ctx.afterAnswersSettled();
    expect(await ctx.query(sql`select id from mail_outbox`)).toHaveLength(before.length);
  });

  it('mails an address at most 3 times an hour, still answering 204', async () => {
    const account = await ctx.createAccount();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/usuario/recuperar-senha', { email: account.email })).statusCode).toBe(204);
    }
    await ctx.afterAnswersSettled();
    const mails = await ctx.query(sql`select id from mail_outbox where to_address = ${account.email}`);
    expect(mails).toHaveLength(3);
  });

  it('rate limits bursts from one IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/usuario/recuperar-senha',
        payload: { email: `burst${attempt}@scentia.test` },
        remoteAddress: '10.31.0.1',
      });
      statuses.push(response.statusCode);
      retryAfter ??= response.headers['retry-after'] as string | undefined;
    }
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('refuses a malformed address with a field message', async () => {
    const response = await post(
      '/api/usuario/recuperar-senha',
      { email: 'not-an-email' },
      { 'content-language': 'en-US' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: 'email', message: 'Invalid e-mail.' }]);
  });
});

describe('POST /api/requisicaotemporaria', () => {
  async function recoveryToken() {
    const account = await ctx.createAccount();
    await post('/api/usuario/recuperar-senha', { email: account.email });
    return { account, token: (await latestLink(account.email)).token };
  }

  it('sets the new password with a valid recovery link, ends every session, and the new password signs in', async () => {
    const { account, token } = await recoveryToken();
    const session = await ctx.signIn(account.email, account.password);
    const response = await post('/api/requisicaotemporaria', {
      token,
      password: 'Nova#123',
      kind: 'recovery',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'recovery', email: account.email });
    await expect(ctx.signIn(account.email, 'Nova#123')).resolves.toBeDefined();
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: { Login: account.email, Refresh: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses a used link with 410 and changes nothing', async () => {
    const { account, token } = await recoveryToken();
    await post('/api/requisicaotemporaria', { token, password: 'Primeira1' });
    const hashAfterFirst = await passwordHashOf(account.id);
    const response = await post(
      '/api/requisicaotemporaria',
      { token, password: 'Segunda22' },
      { 'content-language': 'es-ES' },
    );
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'LINK_USED',
      message: 'Este enlace ya fue utilizado. Pida uno nuevo si lo necesita.',
    });
    expect(await passwordHashOf(account.id)).toEqual(hashAfterFirst);
  });

  it('refuses an expired link with 410 and changes nothing', async () => {
    const { account, token } = await recoveryToken();
    await ctx.query(
      sql`update temporary_requests set expires_at = now() - interval '1 second' where user_id = ${account.id}`,
    );
    const before = await passwordHashOf(account.id);
    const response = await post('/api/requisicaotemporaria', { token, password: 'Nova#123' });
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('LINK_EXPIRED');
    expect(await passwordHashOf(account.id)).toEqual(before);
  });

  it('refuses an unknown token with 400', async () => {
    const response = await post('/api/requisicaotemporaria', { token: 'x'.repeat(43), password: 'Nova#123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('LINK_INVALID');
  });

  it('refuses a link opened on the page of another kind, and leaves it usable', async () => {
    const { account, token } = await recoveryToken();
    const wrong = await post('/api/requisicaotemporaria', { token, kind: 'activation' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('LINK_WRONG_KIND');
    expect(
      (await post('/api/requisicaotemporaria', { token, password: 'Certa#123', kind: 'recovery' }))
        .statusCode,
    ).toBe(200);
    await expect(ctx.signIn(account.email, 'Certa#123')).resolves.toBeDefined();
  });

  it('requires a password for recovery and refuses one for activation', async () => {
    const { token } = await recoveryToken();
    expect((await post('/api/requisicaotemporaria', { token })).json().code).toBe('PASSWORD_REQUIRED');

    const signUp = await post('/api/usuario/cadastro', {
      nome: 'Bruna Alves',
      email: 'bruna.alves@scentia.test',
      password: 'Senha#12',
      termsAccepted: true,
    });
    expect(signUp.statusCode).toBe(201);
    const activation = await latestLink('bruna.alves@scentia.test');
    const withPassword = await post('/api/requisicaotemporaria', {
      token: activation.token,
      password: 'Outra#123',
    });
    expect(withPassword.json().code).toBe('PASSWORD_NOT_EXPECTED');
  });

  it('enforces the password rule (4 to 16 characters) with a localized field message', async () => {
    const { token } = await recoveryToken();
    const tooLong = await post(
      '/api/requisicaotemporaria',
      { token, password: 'a'.repeat(17) },
      { 'content-language': 'en-US' },
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual([
      { path: 'password', message: 'The password must have 4 to 16 characters.' },
    ]);
    expect((await post('/api/requisicaotemporaria', { token, password: 'abc' })).statusCode).toBe(400);
    expect((await post('/api/requisicaotemporaria', { token, password: 'abcd' })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link win', async () => {
    const { token } = await recoveryToken();
    const results = await Promise.all([
      post('/api/requisicaotemporaria', { token, password: 'Corrida1' }),
      post('/api/requisicaotemporaria', { token, password: 'Corrida2' }),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 410]);
  });

  it('refuses unknown fields and oversized tokens', async () => {
    expect((await post('/api/requisicaotemporaria', { token: 'abc', admin: true })).statusCode).toBe(400);
    expect((await post('/api/requisicaotemporaria', { token: 'a'.repeat(5_000) })).statusCode).toBe(400);
  });
});

describe('POST /api/usuario/cadastro (sign-up) and activation', () => {
  it('creates an unconfirmed USER account that cannot sign in until the activation link is used', async () => {
    const response = await post(
      '/api/usuario/cadastro',
      { nome: 'Carla Mendes', email: 'carla.mendes@scentia.test', password: 'Perfume1', termsAccepted: true },
      { 'content-language': 'es-ES' },
    );
    expect(response.statusCode).toBe(201);
    const [person] = await ctx.query<{
      confirmed_at: Date | null;
      language: string;
      terms_accepted_at: Date | null;
      profile: string;
    }>(
      sql`select u.confirmed_at, u.language, u.terms_accepted_at, p.name as profile from users u
          join profiles p on p.id = u.profile_id where u.email = 'carla.mendes@scentia.test'`,
    );
    expect(person).toMatchObject({ confirmed_at: null, language: 'es-ES', profile: 'USER' });
    expect(person?.terms_accepted_at).not.toBeNull();

    const blocked = await post('/api/login', { email: 'carla.mendes@scentia.test', password: 'Perfume1' });
    expect(blocked.json().code).toBe('ACCOUNT_UNCONFIRMED');

    const link = await latestLink('carla.mendes@scentia.test');
    expect(link).toMatchObject({ path: '/auth/ativar-conta', kind: 'activation' });
    const activated = await post('/api/requisicaotemporaria', { token: link.token, kind: 'activation' });
    expect(activated.statusCode).toBe(200);
    expect(
      (await post('/api/login', { email: 'carla.mendes@scentia.test', password: 'Perfume1' })).statusCode,
    ).toBe(200);
  });

  it('refuses a taken e-mail with 409 without creating anything', async () => {
    const account = await ctx.createAccount();
    const users = await ctx.countRows('users');
    const response = await post('/api/usuario/cadastro', {
      nome: 'Outra Pessoa',
      email: account.email.toUpperCase(),
      password: 'Senha#12',
      termsAccepted: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('EMAIL_TAKEN');
    expect(response.body).not.toContain('Pessoa');
    expect(await ctx.countRows('users')).toBe(users);
  });

  it('requires the terms, a real name and a valid e-mail', async () => {
    const response = await post(
      '/api/usuario/cadastro',
      { nome: '12 a', email: 'x@y', password: 'abc', termsAccepted: false },
      { 'content-language': 'en-US' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'nome', message: 'Enter a name with at least 3 letters.' },
      { path: 'email', message: 'Invalid e-mail.' },
      { path: 'password', message: 'The password must have 4 to 16 characters.' },
      { path: 'termsAccepted', message: 'You must accept the terms of use.' },
    ]);
  });

  it('refuses control characters in names (no header injection through the mail)', async () => {
    const response = await post('/api/usuario/cadastro', {
      nome: 'Ana\r\nBcc: x@y.com',
      email: 'ana.cr@scentia.test',
      password: 'Senha#12',
      termsAccepted: true,
    });
    expect(response.statusCode).toBe(400);
  });
});
