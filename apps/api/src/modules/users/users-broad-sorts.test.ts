import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { planList } from '../../lib/list-query.ts';
import { UsersListQueries } from './users-list.queries.ts';
import { SORTED_MATCHES_LIMIT } from './users-list.statements.ts';
import { usersList } from './users-select.ts';

// More active people share a word than a search sorts itself: the statistics call it broad, and a sort
// by e-mail is split where the e-mails starting with the word cluster.
const JASMINES = Math.ceil(SORTED_MATCHES_LIMIT * 1.5);
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount();
  token = (await ctx.signIn(admin.email, admin.password)).token;
  // Profiles interleaved by id (so id order and profile order disagree) and unevenly shared; one in seven
  // inactive; e-mails that do not follow the ids' order, some outside the range of those starting with
  // the word (upper case, in byte order; "j.branco"), which a sort by e-mail must interleave.
  await ctx.query(sql`
    insert into users (name, email, profile_id, deleted_at)
    select 'Jasmim Branco ' || i,
           (case when i % 11 = 0 then 'Jasmim' when i % 13 = 0 then 'j.branco' else 'jasmim' end)
             || ((i * 7919) % 100003) || '@jardim.com.br',
           (select id from profiles where name = (array['USER', 'OPERADOR', 'USER', 'ADMIN', 'USER'])[1 + i % 5]),
           case when i % 7 = 3 then now() end
    from generate_series(1, ${JASMINES}) as i`);
  // People who do not share the word, after them: more OPERADORs than a profile's first walk reads
  // (users-list.queries.ts), so a descending page that reaches the OPERADORs finds their matches only
  // through the search index.
  await ctx.query(sql`
    insert into users (name, email, profile_id)
    select 'Lírio Azul ' || i, 'lirio' || i || '@jardim.com.br', (select id from profiles where name = 'OPERADOR')
    from generate_series(1, 1600) as i`);
  // "jasmim" also begins a later word of one person only.
  await ctx.createAccount({ name: 'Ana Jasmim', email: 'ana.j@flores.com.br', profile: 'OPERADOR' });
  // The statistics a live server keeps with autovacuum; estimates come from them.
  await ctx.query(sql`analyze users`);
});
afterAll(() => ctx.close());

const PER_PAGE = 20;

/** Ids of a page through the API. */
async function pageIds(query: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/usuario?search=jasmim&perPage=${PER_PAGE}&${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { data: { id: number }[]; total: number; totalIsEstimate?: boolean };
  return { ids: body.data.map((row) => row.id), total: body.total, totalIsEstimate: body.totalIsEstimate };
}

/** The same page as the one statement that sorts every match, which the list sent before. */
async function sortedIds(
  orderBy: string,
  direction: 'asc' | 'desc',
  isActive: boolean | undefined,
  page: number,
) {
  const plan = planList(
    { search: 'jasmim', orderBy, orderByDirection: direction, isActive, page, perPage: PER_PAGE },
    usersList,
  );
  const rows = await ctx.query<{ id: number }>(sql`
    select users.id from users inner join profiles on users.profile_id = profiles.id
    where ${UsersListQueries.boundConditions(plan) as SQL}
    order by ${sql.join(plan.orderBy, sql`, `)} limit ${plan.limit} offset ${plan.offset}`);
  return rows.map((row) => Number(row.id));
}

it.each(['Profile.Nome', 'User.Email'])(
  'pages a broad word sorted by %s as sorting every match does, both ways, in each state',
  async (orderBy) => {
    for (const [state, isActive] of [
      ['', undefined],
      ['&isActive=true', true],
      ['&isActive=false', false],
    ] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        // The first pages, pages that cross from one profile to the next, the last ones and past them.
        for (const page of [1, 3, 64, 65, 75, 76, 150, 300, 322, 323, 375, 376]) {
          const answer = await pageIds(
            `orderBy=${orderBy}&orderByDirection=${direction}&page=${page}${state}`,
          );
          expect(answer.ids, `${orderBy} ${direction} page ${page}${state}`).toEqual(
            await sortedIds(orderBy, direction, isActive, page),
          );
          if (isActive !== false) {
            // Broad by the statistics: the page came from the planner's statement, with "about".
            expect(answer.totalIsEstimate).toBe(true);
            expect(answer.total).toBeGreaterThan(SORTED_MATCHES_LIMIT);
          }
        }
      }
    }
  },
);

it('pages into a profile whose matches lie past its first walk, through the search index', async () => {
  for (const [state, isActive] of [
    ['', undefined],
    ['&isActive=true', true],
  ] as const) {
    const [users] = await ctx.query<{ matches: number }>(sql`
      select count(*)::int as matches from users inner join profiles on users.profile_id = profiles.id
      where profiles.name = 'USER' and ${UsersListQueries.boundConditions({ search: 'jasmim', isActive }) as SQL}`);
    // Descending, USER's matches come first; the page after them starts the OPERADORs, whose first
    // 1,000 users from the top (Ana Jasmim, then Lírios) hold one match.
    const page = Math.floor((users?.matches ?? 0) / PER_PAGE) + 1;
    const answer = await pageIds(`orderBy=Profile.Nome&orderByDirection=desc&page=${page}${state}`);
    const expected = await sortedIds('Profile.Nome', 'desc', isActive, page);
    expect(expected.length).toBe(PER_PAGE);
    expect(answer.ids, `page ${page}${state}`).toEqual(expected);
  }
});

it("marks the word starts whose range of the e-mail index holds the person's e-mail", async () => {
  const [person] = await ctx.query<{ search_prefixes: string[] }>(sql`
    select search_prefixes from users where email = 'ana.j@flores.com.br'`);
  // "an" and "ana" begin the first token and the e-mail; "jasmim" begins a later word only.
  expect([...(person?.search_prefixes ?? [])].sort()).toEqual(
    ['^@an', '^@ana', 'br', 'co', 'com', 'fl', 'flo', 'flor', 'flore', 'flores']
      .concat(['ja', 'jas', 'jasm', 'jasmi', 'jasmim'])
      .sort(),
  );
});
