import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedOnce } from '../src/db/named-statements.ts';
import { deviceGround } from './device-fixtures.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * A member's transaction as the database handle opens it (one round trip for BEGIN and the scope on
 * PostgreSQL): who its statements run as, what a nested transaction does inside it, and what the
 * connection is once it has ended, committed, rolled back or refused.
 */
let ctx: TestContext;
let a: Awaited<ReturnType<typeof deviceGround>>;

type Who = { role: string; scope: string; organization: string };
const who = async (): Promise<Who> => {
  const result = (await ctx.db.execute(
    sql`select current_user as role, current_setting('scentia.scope', true) as scope,
      coalesce(current_setting('scentia.organization_id', true), '') as organization`,
  )) as unknown as { rows: Who[] };
  return result.rows[0] as Who;
};
const countLocations = async () => {
  const result = (await ctx.db.execute(sql`select count(*)::int as n from locations`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
};

beforeAll(async () => {
  ctx = await createTestApp();
  a = await deviceGround(ctx);
  await deviceGround(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

describe('a member’s transaction', () => {
  it('runs every statement as the member, with the member’s scope', async () => {
    const scope = { organizationId: a.organizationId, locationIds: null };
    const seen = await ctx.database.inMemberTransaction(scope, async () => [
      await who(),
      await countLocations(),
    ]);
    expect(seen).toEqual([
      { role: 'scentia_member', scope: 'member', organization: String(a.organizationId) },
      1,
    ]);
  });

  it('plans with their values unless its first statement runs planned once (a list without a search)', async () => {
    const scope = { organizationId: a.organizationId, locationIds: null };
    const mode = async () => {
      const result = (await ctx.db.execute(
        sql`select current_setting('plan_cache_mode') as mode where ${1} = 1`,
      )) as unknown as { rows: { mode: string }[] };
      return result.rows[0]?.mode;
    };
    const searched = await ctx.database.inMemberTransaction(scope, async () => [await mode(), await mode()]);
    const browsed = await ctx.database.inMemberTransaction(scope, () =>
      plannedOnce(async () => [await mode(), await mode()]),
    );
    expect(searched).toEqual(['force_custom_plan', 'force_custom_plan']);
    // PGlite's one connection plans with the values throughout.
    const generic = ctx.driver === 'postgres' ? 'force_generic_plan' : 'force_custom_plan';
    expect(browsed).toEqual([generic, generic]);
    expect(await mode()).toBe('force_custom_plan');
  });

  it('keeps a nested transaction a savepoint: its rollback leaves the member’s transaction going', async () => {
    const scope = { organizationId: a.organizationId, locationIds: [a.locationId] };
    const [inner, after] = await ctx.database.inMemberTransaction(scope, async () => {
      const rolledBack = await ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`update locations set note = 'dentro' where id = ${a.locationId}`);
          tx.rollback();
        })
        .then(
          () => 'committed',
          () => 'rolled back',
        );
      const note = (await ctx.db.execute(
        sql`select note from locations where id = ${a.locationId}`,
      )) as unknown as { rows: { note: string | null }[] };
      return [rolledBack, { ...(await who()), note: note.rows[0]?.note ?? null }];
    });
    expect(inner).toBe('rolled back');
    expect(after).toEqual({
      role: 'scentia_member_limited',
      scope: 'member',
      organization: String(a.organizationId),
      note: null,
    });
  });

  it('gives every connection back as the staff’s, after a commit, an error or a refused scope', async () => {
    const scope = { organizationId: a.organizationId, locationIds: null };
    // More transactions than the pool has connections, so that every connection has held one.
    for (let round = 0; round < 6; round += 1) {
      await ctx.database.inMemberTransaction(scope, async () => who());
      await expect(
        ctx.database.inMemberTransaction(scope, async () => {
          await ctx.db.execute(sql`select 1 / 0`);
        }),
      ).rejects.toThrow();
      await expect(
        ctx.database.inMemberTransaction({ organizationId: Number.NaN, locationIds: null }, async () =>
          who(),
        ),
      ).rejects.toThrow();
    }
    const afterwards = await Promise.all(Array.from({ length: 6 }, () => who()));
    for (const each of afterwards) {
      expect(each.role).not.toMatch(/^scentia_member/);
      expect(each.scope).toBe('staff');
      expect(each.organization).toBe('');
    }
    expect(await countLocations()).toBeGreaterThanOrEqual(2);
  });

  it('refuses a write in a read-only transaction, and gives its connection back as the staff’s though its answer left before the COMMIT', async () => {
    const scope = { organizationId: a.organizationId, locationIds: null };
    const readOnly = { readOnly: true };
    const refused = await ctx.database
      .inMemberTransaction(
        scope,
        async () => ctx.db.execute(sql`update locations set note = 'escrita' where id = ${a.locationId}`),
        readOnly,
      )
      .then(
        () => 'written',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(refused).toMatch(/read-only transaction/);
    // More read-only transactions than the pool has connections, none awaiting its COMMIT, then the staff.
    const seen = await Promise.all(
      Array.from({ length: 12 }, () =>
        ctx.database.inMemberTransaction(scope, async () => [await who(), await countLocations()], readOnly),
      ),
    );
    for (const each of seen)
      expect(each).toEqual([
        { role: 'scentia_member', scope: 'member', organization: String(a.organizationId) },
        1,
      ]);
    const afterwards = await Promise.all(Array.from({ length: 6 }, () => who()));
    for (const each of afterwards) {
      expect(each.role).not.toMatch(/^scentia_member/);
      expect(each.scope).toBe('staff');
    }
    const note = (await ctx.db.execute(
      sql`select note from locations where id = ${a.locationId}`,
    )) as unknown as {
      rows: { note: string | null }[];
    };
    expect(note.rows[0]?.note).toBeNull();
  });
});
