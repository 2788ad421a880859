import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '8' });
});
afterAll(() => ctx.close());

const login = (payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: payload as object,
    headers,
    remoteAddress: ip,
  });

describe('POST /api/login', () => {
  it('signs in with {email, password} and answers a token pair', async () => {
    const account = await ctx.createAccount({ email: 'Maria.Souza@Scentia.test' });
    const response = await login({ email: 'maria.souza@scentia.test', password: account.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.any(String),
      refreshToken: expect.any(String),
      login: account.email,
    });
    expect(body.token.split('.')).toHaveLength(3);
  });

  it('signs in with the {Login, Senha} reading of the contract', async () => {
    const account = await ctx.createAccount();
    const response = await login({ Login: account.email, Senha: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().login).toBe(account.email);
  });

  it('stores refresh tokens hashed, never as sent', async () => {
    const account = await ctx.createAccount();
    const { refreshToken } = (
      await login({ email: account.email, password: account.password }, {}, '10.0.9.1')
    ).json();
    const sha256 = createHash('sha256').update(refreshToken).digest('hex');
    const asSent = await ctx.query(sql`select 1 from refresh_tokens where token_hash = ${refreshToken}`);
    const asHash = await ctx.query(sql`select 1 from refresh_tokens where token_hash = ${sha256}`);
    expect(asSent).toHaveLength(0);
    expect(asHash).toHaveLength(1);
  });

  it.each([
    ['pt-BR', 'Falha na autenticação, verifique suas credenciais'],
    ['en-US', 'Authentication failed, please check your credentials'],
    ['es-ES', 'Error de autenticación, verifique sus credenciales'],
  ])('rejects a wrong password with 401 and a %s message', async (language, message) => {
    const account = await ctx.createAccount();
    const response = await login(
      { email: account.email, password: 'wrong-pass' },
      { 'content-language': language },
      `10.1.0.${language.length}`,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message });
  });

  it('falls back to Accept-Language, then to pt-BR', async () => {
    const fromAccept = await login(
      { email: 'nobody@scentia.test', password: 'x' },
      { 'accept-language': 'fr;q=0.9, es-AR;q=0.8' },
      '10.2.0.1',
    );
    expect(fromAccept.json().message).toBe('Error de autenticación, verifique sus credenciales');
    expect(fromAccept.headers['content-language']).toBe('es-ES');
    const fallback = await login(
      { email: 'nobody@scentia.test', password: 'x' },
      { 'accept-language': 'de' },
      '10.2.0.2',
    );
    expect(fallback.json().message).toBe('Falha na autenticação, verifique suas credenciais');
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await login({ email: 'ghost@scentia.test', password: 'whatever' }, {}, '10.3.0.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an inactive account', async () => {
    const account = await ctx.createAccount({ isActive: false });
    const response = await login({ email: account.email, password: account.password }, {}, '10.4.0.1');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('refuses an unconfirmed account', async () => {
    const account = await ctx.createAccount({ isConfirmed: false });
    const response = await login({ email: account.email, password: account.password }, {}, '10.4.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('ACCOUNT_UNCONFIRMED');
  });

  it('rate limits failed sign-ins per account with 429 and Retry-After, even with the right password', async () => {
    const account = await ctx.createAccount();
    for (const ip of ['10.5.0.1', '10.5.0.2', '10.5.0.3']) {
      expect((await login({ email: account.email, password: 'bad-pass' }, {}, ip)).statusCode).toBe(401);
    }
    const blocked = await login(
      { email: account.email, password: account.password },
      { 'content-language': 'en-US' },
      '10.5.0.4',
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Too many attempts/),
    });
  });

  it('rate limits failed sign-ins per IP across accounts', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await login({ email: `spray${attempt}@scentia.test`, password: 'bad-pass' }, {}, '10.6.0.1');
    }
    const account = await ctx.createAccount();
    const blocked = await login({ email: account.email, password: account.password }, {}, '10.6.0.1');
    expect(blocked.statusCode).toBe(429);
    const otherIp = await login({ email: account.email, password: account.password }, {}, '10.6.0.2');
    expect(otherIp.statusCode).toBe(200);
  });

  it('resets the account counter after a successful sign-in', async () => {
    const account = await ctx.createAccount();
    await login({ email: account.email, password: 'bad-pass' }, {}, '10.7.0.1');
    await login({ email: account.email, password: 'bad-pass' }, {}, '10.7.0.1');
    expect(
      (await login({ email: account.email, password: account.password }, {}, '10.7.0.1')).statusCode,
    ).toBe(200);
    await login({ email: account.email, password: 'bad-pass' }, {}, '10.7.0.1');
    await login({ email: account.email, password: 'bad-pass' }, {}, '10.7.0.1');
    expect(
      (await login({ email: account.email, password: account.password }, {}, '10.7.0.1')).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/login with bad input', () => {
  it('answers malformed JSON with a localized 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-language': 'en-US' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON.',
    });
  });

  it('names each missing field', async () => {
    const response = await login({}, { 'content-language': 'es-ES' }, '10.8.0.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { path: 'email', message: 'Campo obligatorio.' },
      { path: 'password', message: 'Campo obligatorio.' },
    ]);
  });

  it('refuses unknown fields', async () => {
    const response = await login({ email: 'a@b.co', password: 'x', isAdmin: true }, {}, '10.8.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].message).toBe('Campo não permitido: isAdmin.');
  });

  it('refuses extra-long fields before hashing anything', async () => {
    const response = await login(
      { email: `${'a'.repeat(300)}@b.co`, password: 'p'.repeat(500) },
      {},
      '10.8.0.3',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((field: { path: string }) => field.path)).toEqual([
      'email',
      'password',
    ]);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('BODY_TOO_LARGE');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('writes nothing when sign-in fails', async () => {
    const before = await ctx.countRows('refresh_tokens');
    await login({ email: 'ghost2@scentia.test', password: 'nope' }, {}, '10.9.0.1');
    await login({}, {}, '10.9.0.1');
    expect(await ctx.countRows('refresh_tokens')).toBe(before);
  });
});
