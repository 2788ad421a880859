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

it('counts exactly without a search, from the kept counters', async () => {
  const page = await list('');
  expect(page.total).toBe(SEARCH_COUNT_CAP + 3);
  expect(page.totalIsCapped).toBeUndefined();
});
