import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { countRows } from './row-counts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function expectCountsToMatch() {
  const [actual] = await ctx.query<{ active: number; inactive: number }>(
    sql`select count(*) filter (where deleted_at is null)::int as active,
               count(*) filter (where deleted_at is not null)::int as inactive from users`,
  );
  expect(await countRows(ctx.db, 'users', true)).toBe(actual?.active);
  expect(await countRows(ctx.db, 'users', false)).toBe(actual?.inactive);
  expect(await countRows(ctx.db, 'users', undefined)).toBe((actual?.active ?? 0) + (actual?.inactive ?? 0));
}

describe('row counts kept by triggers', () => {
  it('follow single and bulk inserts', async () => {
    await ctx.createAccount();
    await ctx.createAccount({ isActive: false });
    await ctx.query(sql`insert into users (name, email, profile_id, deleted_at)
      select 'Lote ' || i, 'lote' || i || '@scentia.test', (select id from profiles where name = 'USER'),
             case when i % 3 = 0 then now() end
      from generate_series(1, 300) as i`);
    await expectCountsToMatch();
  });

  it('follow state changes and ignore updates that change no state', async () => {
    await ctx.query(sql`update users set deleted_at = now() where email like 'lote1%'`);
    await ctx.query(sql`update users set name = name || ' editado' where email like 'lote2%'`);
    await ctx.query(sql`update users set deleted_at = null where email like 'lote3%'`);
    await expectCountsToMatch();
  });

  it('follow deletes, and a rolled-back transaction changes nothing', async () => {
    await ctx.query(sql`delete from users where email like 'lote4%'`);
    await expectCountsToMatch();
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from users where email like 'lote5%'`);
        throw new Error('rollback');
      })
      .catch(() => {});
    await expectCountsToMatch();
  });
});
