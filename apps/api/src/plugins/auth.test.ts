import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/usuario/me', () => {
  it('answers the signed-in user with their profile', async () => {
    const account = await ctx.createAccount({ profile: 'OPERADOR', name: 'Joana Lima' });
    const { token } = await ctx.signIn(account.email, account.password);
    const response = await get('/api/usuario/me', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: account.id,
      nome: 'Joana Lima',
      email: account.email,
      profile: { nome: 'OPERADOR' },
    });
  });

  it('answers USER profiles too, so the client can turn them away', async () => {
    const account = await ctx.createAccount({ profile: 'USER' });
    const { token } = await ctx.signIn(account.email, account.password);
    expect((await get('/api/usuario/me', token)).json().profile.nome).toBe('USER');
  });

  it('requires a bearer token', async () => {
    const response = await get('/api/usuario/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a forged or malformed token', async () => {
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('scentia')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-too'));
    expect((await get('/api/usuario/me', forged)).statusCode).toBe(401);
    expect((await get('/api/usuario/me', 'abc.def.ghi')).statusCode).toBe(401);
  });

  it('answers TOKEN_EXPIRED for an expired access token', async () => {
    const account = await ctx.createAccount();
    await ctx.signIn(account.email, account.password);
    const expired = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setIssuer('scentia')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await get('/api/usuario/me', expired);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
  });

  it('stops answering once the account is deactivated', async () => {
    const account = await ctx.createAccount();
    const { token } = await ctx.signIn(account.email, account.password);
    await ctx.setAccountState(account.id, { deletedAt: new Date() });
    expect((await get('/api/usuario/me', token)).statusCode).toBe(401);
  });
});

describe('role rules', () => {
  it('refuses USER profiles on admin API routes with 403', async () => {
    const account = await ctx.createAccount({ profile: 'USER' });
    const { token } = await ctx.signIn(account.email, account.password);
    const response = await get('/api/perfil/', token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('lets a non-admin staff profile use staff routes, limited to their own profile', async () => {
    const account = await ctx.createAccount({ profile: 'OPERADOR' });
    const { token } = await ctx.signIn(account.email, account.password);
    const response = await get('/api/perfil/', token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ id: expect.any(Number), nome: 'OPERADOR' }]);
  });

  it('keeps ADMIN-only routes for ADMIN, compared case-insensitively', async () => {
    const operator = await ctx.createAccount({ profile: 'OPERADOR' });
    const operatorToken = (await ctx.signIn(operator.email, operator.password)).token;
    const refused = await get('/api/perfil', operatorToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ADMIN_ONLY');

    await ctx.query(sql`insert into profiles (name) values ('admin ')`);
    const admin = await ctx.createAccount({ profile: 'admin ' });
    const adminToken = (await ctx.signIn(admin.email, admin.password)).token;
    const allowed = await get('/api/perfil', adminToken);
    expect(allowed.statusCode).toBe(200);
  });

  it('lists profiles with master profile and user counts for ADMIN', async () => {
    const admin = await ctx.createAccount();
    const { token } = await ctx.signIn(admin.email, admin.password);
    const body = (await get('/api/perfil?page=1&perPage=10', token)).json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.totalPages).toBe(1);
    const operator = body.data.find((row: { nome: string }) => row.nome === 'OPERADOR');
    expect(operator).toMatchObject({ perfilMaster: { nome: 'ADMIN' }, totalUsuarios: expect.any(Number) });
    expect(operator.totalUsuarios).toBeGreaterThanOrEqual(2);
  });

  it('refuses a page size outside 10, 20 and 50', async () => {
    const admin = await ctx.createAccount();
    const { token } = await ctx.signIn(admin.email, admin.password);
    expect((await get('/api/perfil?perPage=1000', token)).statusCode).toBe(400);
  });
});

describe('unknown routes', () => {
  it('answer a localized JSON 404 without asking for a token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'content-language': 'en-US' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Resource not found.',
    });
  });
});
