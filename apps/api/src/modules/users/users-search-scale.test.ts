import { EXACT_COUNT_LIMIT } from '@scentia/shared/list.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { SORTED_MATCHES_LIMIT } from './users-list.statements.ts';

// Three times more people share a word than a search counts exactly.
const ROSES = 3 * EXACT_COUNT_LIMIT + 2;
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
    from generate_series(1, ${ROSES}) as i`);
  // "rosa" also begins a later word of these two: a name sort must interleave them in name order.
  await ctx.createAccount({ name: 'Ana Rosa', email: 'ana.r@flores.com.br' });
  await ctx.createAccount({ name: 'Zélia Rosalinda', email: 'zelia@flores.com.br' });
  // The statistics a live server keeps with autovacuum; estimates come from them.
  await ctx.query(sql`analyze users`);
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

it('gives a broad search an estimated total, and says so', async () => {
  const page = await list('search=amarela&perPage=50&orderBy=User.Nome&orderByDirection=asc');
  // 3,002 people match: the estimate (two significant digits) is near that, not a count stopped early.
  expect(page.totalIsEstimate).toBe(true);
  expect(page.total).toBeGreaterThan(ROSES * 0.9);
  expect(page.total).toBeLessThan(ROSES * 1.1);
  expect(page.totalPages).toBe(Math.ceil(page.total / 50));
  expect(page.data).toHaveLength(50);
  expect(page.data[0].nome).toBe('Rosa Amarela 1');
});

it('counts a narrower search exactly, without the flag', async () => {
  // "rosa amarela 300" matches 300 and 3000 to 3002 (word prefixes): 4 people.
  const page = await list('search=rosa%20amarela%20300');
  expect(page.total).toBe(4);
  expect(page.totalIsEstimate).toBeUndefined();
});

it('pages a broad search by date from the newest match, with an estimated total', async () => {
  const page = await list('search=amarela');
  expect(page.totalIsEstimate).toBe(true);
  // One insert gave them one creation time: the id breaks the tie, newest first.
  expect(page.data.map((row: { nome: string }) => row.nome)).toEqual(
    Array.from({ length: 10 }, (_, index) => `Rosa Amarela ${ROSES - index}`),
  );
});

it('counts a narrow search exactly in any sort, and past its last page', async () => {
  const emails = await list('search=rosa%20amarela%20300&orderBy=User.Email&orderByDirection=asc');
  expect(emails.data.map((row: { email: string }) => row.email)).toEqual(
    // "@" sorts after digits, in byte order as in a linguistic one.
    ['rosa3000', 'rosa3001', 'rosa3002', 'rosa300'].map((local) => `${local}@jardim.com.br`),
  );
  expect(emails.total).toBe(4);
  const byProfile = await list('search=flores&orderBy=Profile.Nome&orderByDirection=desc');
  expect(byProfile.data.map((row: { email: string }) => row.email).sort()).toEqual([
    'ana.r@flores.com.br',
    'zelia@flores.com.br',
  ]);
  expect(byProfile.total).toBe(2);
  const pastTheEnd = await list('search=rosa%20amarela%20300&page=3');
  expect(pastTheEnd.data).toEqual([]);
  expect(pastTheEnd.total).toBe(4);
  expect(pastTheEnd.totalIsEstimate).toBeUndefined();
});

it('sorts a broad word by name across names that start with it and names that merely contain it', async () => {
  const names = async (query: string) =>
    (await list(`search=rosa&orderBy=User.Nome&${query}`)).data.map((row: { nome: string }) => row.nome);
  expect(await names('orderByDirection=asc&perPage=10')).toEqual([
    'Ana Rosa',
    ...['1', '10', '100', '1000', '1001', '1002', '1003', '1004', '1005'].map((n) => `Rosa Amarela ${n}`),
  ]);
  expect(await names('orderByDirection=desc&perPage=10')).toEqual([
    'Zélia Rosalinda',
    ...['999', '998', '997', '996', '995', '994', '993', '992', '991'].map((n) => `Rosa Amarela ${n}`),
  ]);
  // A later page continues the same order.
  expect(await names('orderByDirection=asc&perPage=10&page=2')).toEqual(
    ['1006', '1007', '1008', '1009', '101', '1010', '1011', '1012', '1013', '1014'].map(
      (n) => `Rosa Amarela ${n}`,
    ),
  );
});

it('counts exactly without a search, from the kept counters', async () => {
  const page = await list('');
  expect(page.total).toBe(ROSES + 3);
  expect(page.totalIsEstimate).toBeUndefined();
});

it('finds exactly the account of a whole e-mail address, and every word start otherwise', async () => {
  const exact = await list('search=ROSA1%40jardim.com.br');
  expect(exact.total).toBe(1);
  expect(exact.data[0].email).toBe('rosa1@jardim.com.br');
  // rosa3, rosa30…rosa39, rosa300…rosa399, rosa3000…rosa3002
  expect((await list('search=rosa3%20jardim')).total).toBe(1 + 10 + 100 + 3);
  expect((await list('search=ana.r%40flores.com.br')).data.map((row: { nome: string }) => row.nome)).toEqual([
    'Ana Rosa',
  ]);
});

it('still pages and estimates a search the statistics have not seen yet', async () => {
  // Inserted after the last ANALYZE: the planner takes "tulipa" for a rare word.
  const tulips = SORTED_MATCHES_LIMIT + 500;
  await ctx.query(sql`
    insert into users (name, email, profile_id)
    select 'Tulipa Branca ' || i, 'tulipa' || i || '@jardim.com.br', (select id from profiles where name = 'USER')
    from generate_series(1, ${tulips}) as i`);
  const page = await list('search=tulipa');
  // Reading matches stopped at the limit: "about 5,000", never a count of every match.
  expect(page.totalIsEstimate).toBe(true);
  expect(page.total).toBe(SORTED_MATCHES_LIMIT);
  expect(page.data.map((row: { nome: string }) => row.nome)).toEqual(
    Array.from({ length: 10 }, (_, index) => `Tulipa Branca ${tulips - index}`),
  );
  // Past the matches the counting statement stopped at, the page is still there.
  const late = await list('search=tulipa&perPage=50&page=102');
  expect(late.data.map((row: { nome: string }) => row.nome)).toEqual(
    Array.from({ length: 50 }, (_, index) => `Tulipa Branca ${tulips - 5050 - index}`),
  );
});

it('sorts every match of a search the statistics take for a broad one when it has few, and says "about"', async () => {
  // 1,500 people share "violeta", the statistics have not seen them, and the total is past the exact count.
  await ctx.query(sql`
    insert into users (name, email, profile_id)
    select 'Violeta Azul ' || i, 'violeta' || i || '@jardim.com.br', (select id from profiles where name = 'USER')
    from generate_series(1, 1500) as i`);
  const page = await list('search=violeta&orderBy=User.Email&orderByDirection=desc&perPage=20&page=2');
  expect(page.totalIsEstimate).toBe(true);
  expect(page.total).toBe(1500);
  // E-mails in byte order, descending: violeta999, violeta998, … (page 2 starts at the 21st).
  const descending = Array.from({ length: 1500 }, (_, index) => `violeta${index + 1}@jardim.com.br`).sort(
    (a, b) => (a < b ? 1 : -1),
  );
  expect(page.data.map((row: { email: string }) => row.email)).toEqual(descending.slice(20, 40));
});

it("remembers a search's estimate for a minute, then asks the statistics again", async () => {
  const estimated = async () => {
    const page = await list('search=amarela&orderBy=User.Nome&orderByDirection=asc');
    expect(page.totalIsEstimate).toBe(true);
    return page.total;
  };
  const before = await estimated();
  expect(before).toBeLessThan(ROSES * 1.1);
  // As many people again share the word, and the statistics know it.
  await ctx.query(sql`
    insert into users (name, email, profile_id)
    select 'Margarida Amarela ' || i, 'margarida' || i || '@jardim.com.br', (select id from profiles where name = 'USER')
    from generate_series(1, ${ROSES}) as i`);
  await ctx.query(sql`analyze users`);
  expect(await estimated()).toBe(before);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
  try {
    expect(await estimated()).toBeGreaterThan(2 * ROSES * 0.9);
  } finally {
    vi.useRealTimers();
  }
});
