import { sql } from 'drizzle-orm';
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
      ['CLIENT', 0],
      ['USER', 0],
    ]);
  });

  it('searches by name and sorts by master profile', async () => {
    expect((await list('search=oper')).json().data.map((row: { nome: string }) => row.nome)).toEqual([
      'OPERADOR',
    ]);
    expect((await list('orderBy=perfilMaster&orderByDirection=asc')).json().total).toBe(4);
  });

  it('keeps each number of users exact as users are added, moved, deactivated and deleted', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await list('orderBy=nome&orderByDirection=asc'))
          .json()
          .data.map((row: { nome: string; totalUsuarios: number }) => [row.nome, row.totalUsuarios]),
      );
    const { id } = await ctx.createAccount({ profile: 'USER' });
    expect(await counts()).toEqual({ ADMIN: 1, CLIENT: 0, OPERADOR: 3, USER: 1 });
    await ctx.query(
      sql`update users set profile_id = (select id from profiles where name = 'OPERADOR') where id = ${id}`,
    );
    expect(await counts()).toEqual({ ADMIN: 1, CLIENT: 0, OPERADOR: 4, USER: 0 });
    // An inactive user still belongs to the profile.
    await ctx.query(sql`update users set deleted_at = now() where id = ${id}`);
    expect(await counts()).toEqual({ ADMIN: 1, CLIENT: 0, OPERADOR: 4, USER: 0 });
    await ctx.query(sql`delete from users where id = ${id}`);
    expect(await counts()).toEqual({ ADMIN: 1, CLIENT: 0, OPERADOR: 3, USER: 0 });
  });

  it('refuses an undeclared sort', async () => {
    expect((await list('orderBy=name')).statusCode).toBe(400);
  });
});
