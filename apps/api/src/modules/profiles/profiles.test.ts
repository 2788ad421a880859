import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount();
  token = (await ctx.signIn(admin.email, admin.password)).token;
  for (let index = 0; index < 3; index += 1) await ctx.createAccount({ profile: 'OPERADOR' });
});
afterAll(() => ctx.close());

const list = (query: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/perfil?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('GET /api/perfil', () => {
  it('sorts by number of users', async () => {
    const body = (await list('orderBy=totalUsuarios&orderByDirection=desc')).json();
    expect(
      body.data.map((row: { nome: string; totalUsuarios: number }) => [row.nome, row.totalUsuarios]),
    ).toEqual([
      ['OPERADOR', 3],
      ['ADMIN', 1],
      ['USER', 0],
    ]);
  });

  it('searches by name and sorts by master profile', async () => {
    expect((await list('search=oper')).json().data.map((row: { nome: string }) => row.nome)).toEqual([
      'OPERADOR',
    ]);
    expect((await list('orderBy=perfilMaster&orderByDirection=asc')).json().total).toBe(3);
  });

  it('refuses an undeclared sort', async () => {
    expect((await list('orderBy=name')).statusCode).toBe(400);
  });
});
