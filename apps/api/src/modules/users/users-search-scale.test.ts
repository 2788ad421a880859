import { SEARCH_COUNT_CAP } from '@scentia/shared/list.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount();
  token = (await ctx.signIn(admin.email, admin.password)).token;
  // Two more people share a word than the count cap allows for; the trigger fills their search words.
  await ctx.query(sql`
    insert into users (name, email, profile_id)
    select 'Rosa Amarela ' || i, 'rosa' || i || '@jardim.com.br', (select id from profiles where name = 'USER')
    from generate_series(1, ${SEARCH_COUNT_CAP + 2}) as i`);
  // "rosa" also begins a later word of these two: a name sort must interleave them in name order.
  await ctx.createAccount({ name: 'Ana Rosa', email: 'ana.r@flores.com.br' });
  await ctx.createAccount({ name: 'Zélia Rosalinda', email: 'zelia@flores.com.br' });
});
afterAll(() => ctx.close());

const list = async (query: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario?${query}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();

it('counts a broad search up to the cap and says that more match', async () => {
  const page = await list('search=amarela&perPage=50&orderBy=User.Nome&orderByDirection=asc');
  expect(page).toMatchObject({
    total: SEARCH_COUNT_CAP,
    totalPages: SEARCH_COUNT_CAP / 50,
    totalIsCapped: true,
  });
  expect(page.data).toHaveLength(50);
  expect(page.data[0].nome).toBe('Rosa Amarela 1');
});

it('counts a narrower search exactly, without the flag', async () => {
  // "rosa amarela 100" matches 100 and 1000 to 1002 (word prefixes): 4 people.
  const page = await list('search=rosa%20amarela%20100');
  expect(page.total).toBe(4);
  expect(page.totalIsCapped).toBeUndefined();
});

it('sorts a broad word by name across names that start with it and names that merely contain it', async () => {
  const names = async (query: string) =>
    (await list(`search=rosa&orderBy=User.Nome&${query}`)).data.map((row: { nome: string }) => row.nome);
  expect(await names('orderByDirection=asc&perPage=10')).toEqual([
    'Ana Rosa',
    ...['1', '10', '100', '1000', '1001', '1002', '101', '102', '103'].map((n) => `Rosa Amarela ${n}`),
  ]);
  expect(await names('orderByDirection=desc&perPage=10')).toEqual([
    'Zélia Rosalinda',
    ...['999', '998', '997', '996', '995', '994', '993', '992', '991'].map((n) => `Rosa Amarela ${n}`),
  ]);
  // A later page continues the same order.
  expect(await names('orderByDirection=asc&perPage=10&page=2')).toEqual(
    ['104', '105', '106', '107', '108', '109', '11', '110', '111', '112'].map((n) => `Rosa Amarela ${n}`),
  );
});

it('counts exactly without a search, from the kept counters', async () => {
  const page = await list('');
  expect(page.total).toBe(SEARCH_COUNT_CAP + 5);
  expect(page.totalIsCapped).toBeUndefined();
});

it('finds exactly the account of a whole e-mail address, and every word start otherwise', async () => {
  const exact = await list('search=ROSA1%40jardim.com.br');
  expect(exact.total).toBe(1);
  expect(exact.data[0].email).toBe('rosa1@jardim.com.br');
  // rosa1, rosa10…rosa19, rosa100…rosa199, rosa1000…rosa1002
  expect((await list('search=rosa1%20jardim')).total).toBe(1 + 10 + 100 + 3);
  expect((await list('search=ana.r%40flores.com.br')).data.map((row: { nome: string }) => row.nome)).toEqual([
    'Ana Rosa',
  ]);
});
