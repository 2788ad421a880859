import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let token: string;
/** Every user as [profile, id, active], the order the profile sort must follow before ties by id. */
const everyone: { profile: string; id: number; isActive: boolean }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await ctx.createAccount();
  everyone.push({ profile: 'ADMIN', id: admin.id, isActive: true });
  token = (await ctx.signIn(admin.email, admin.password)).token;
  // Profiles interleaved by creation, so id order and profile order disagree; every third inactive.
  const profiles = ['USER', 'OPERADOR', 'ADMIN'];
  for (let index = 0; index < 21; index += 1) {
    const profile = profiles[index % 3] as string;
    const isActive = index % 3 !== 1 || index % 2 === 0;
    const { id } = await ctx.createAccount({ profile, isActive });
    everyone.push({ profile, id, isActive });
  }
});
afterAll(() => ctx.close());

const page = async (query: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario?orderBy=Profile.Nome&perPage=10&${query}`,
      headers: { authorization: `Bearer ${token}` },
    })
  ).json() as { data: { id: number }[]; total: number };

it.each([
  ['', undefined],
  ['&isActive=true', true],
  ['&isActive=false', false],
] as const)('pages the profile sort%s across profiles, both ways', async (state, isActive) => {
  const expected = everyone
    .filter((user) => isActive === undefined || user.isActive === isActive)
    .sort((a, b) => (a.profile < b.profile ? -1 : a.profile > b.profile ? 1 : a.id - b.id))
    .map((user) => user.id);
  for (const direction of ['asc', 'desc'] as const) {
    const ids: number[] = [];
    for (let number = 1; number <= 3; number += 1) {
      const body = await page(`orderByDirection=${direction}&page=${number}${state}`);
      expect(body.total).toBe(expected.length);
      ids.push(...body.data.map((row) => row.id));
    }
    expect(ids).toEqual(direction === 'asc' ? expected : [...expected].reverse());
  }
});
