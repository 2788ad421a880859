import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationWithEverything } from './row-security-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The second lock as a login of the runtime role sees it (PostgreSQL only: PGlite has one user): no
 * role of ours bypasses row-level security; the login is the staff and sees every organisation; in a
 * member's transaction it sees, changes and removes only the member's organisation's rows in every
 * table under row-level security; with no setting, nothing.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const skipReason = serverUrl ? false : 'PostgreSQL only (TEST_DATABASE_URL): PGlite has one user';

describe.skipIf(skipReason)(
  `a login of the runtime role${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const login = `scentia_test_rls_${randomBytes(6).toString('hex')}`;
    let ctx: TestContext;
    let runtime: pg.Client;
    let a: Awaited<ReturnType<typeof organisationWithEverything>>;
    let b: Awaited<ReturnType<typeof organisationWithEverything>>;
    let tables: string[];

    beforeAll(async () => {
      ctx = await createTestApp();
      a = await organisationWithEverything(ctx, (await ctx.createAccount()).id);
      b = await organisationWithEverything(ctx, (await ctx.createAccount()).id);
      const password = randomBytes(12).toString('hex');
      await ctx.query(sql.raw(`create role ${login} login password '${password}' in role scentia_runtime`));
      const [database] = await ctx.query<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(serverUrl as string);
      url.pathname = `/${database?.name}`;
      url.username = login;
      url.password = password;
      runtime = new pg.Client({ connectionString: url.toString(), options: '-c scentia.scope=staff' });
      await runtime.connect();
      tables = (
        await ctx.query<{ name: string }>(sql`select relname as name from pg_class
        where relrowsecurity and relkind in ('r', 'p') and relnamespace = 'public'::regnamespace order by 1`)
      ).map((row) => row.name);
    }, 60_000);

    afterAll(async () => {
      await runtime?.end();
      await ctx?.close();
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop role if exists ${login}`).finally(() => admin.end());
    });

    const count = async (table: string) =>
      Number((await runtime.query(`select count(*)::int as n from "${table}"`)).rows[0]?.n);

    it('bypasses nothing', async () => {
      const { rows } = await runtime.query(`select rolname, rolbypassrls, rolsuper from pg_roles
      where rolname in ('scentia_runtime', 'scentia_member', 'scentia_member_limited', current_user) order by 1`);
      expect(rows).toHaveLength(4);
      for (const row of rows)
        expect([row.rolname, row.rolbypassrls, row.rolsuper]).toEqual([row.rolname, false, false]);
    });

    it('sees every organisation as the staff, and only the member’s in a member’s transaction', async () => {
      expect(await count('organizations')).toBeGreaterThanOrEqual(2);
      await runtime.query('begin');
      try {
        await runtime.query(
          `select set_config('role', 'scentia_member', true), set_config('scentia.scope', 'member', true),
        set_config('scentia.organization_id', $1, true), set_config('scentia.location_ids', 'all', true)`,
          [String(a.organizationId)],
        );
        const { rows } = await runtime.query('select id from organizations');
        expect(rows.map((row) => row.id)).toEqual([a.organizationId]);
        const changed = await runtime.query(`update organizations set note = 'x' where id = $1`, [
          b.organizationId,
        ]);
        expect(changed.rowCount).toBe(0);
        const removed = await runtime.query('delete from devices where id = $1', [b.deviceId]);
        expect(removed.rowCount).toBe(0);
        const added = await runtime
          .query('insert into locations (organization_id, name) values ($1, $2)', [
            b.organizationId,
            'Intrusa',
          ])
          .then(
            () => 'added',
            (error: { code?: string }) => error.code,
          );
        expect(added).toBe('42501');
      } finally {
        await runtime.query('rollback');
      }
    });

    // Migration 0063: the login may switch to either member role but is held by neither's policies (the
    // runtime does not inherit them), so the staff's plans carry none.
    it('may act as either member role without inheriting their policies', async () => {
      const { rows } = await runtime.query(`select pg_has_role(current_user, r, 'MEMBER') as member,
        pg_has_role(current_user, r, 'USAGE') as inherits
        from unnest(array['scentia_member', 'scentia_member_limited']) r`);
      expect(rows).toEqual([
        { member: true, inherits: false },
        { member: true, inherits: false },
      ]);
      const plan = await runtime.query('explain select count(*) from devices');
      expect(JSON.stringify(plan.rows)).not.toMatch(/InitPlan|SubPlan|current_setting/);
    });

    it('sees nothing of any table as a member’s role without an organisation', async () => {
      for (const role of ['scentia_member', 'scentia_member_limited'])
        for (const table of tables) {
          await runtime.query('begin');
          try {
            await runtime.query(`select set_config('role', $1, true)`, [role]);
            // Refused (an organisation setting left empty by an earlier transaction) or nothing.
            const seen = await count(table).catch((error: { code?: string }) => error.code);
            expect([0, '22P02'], `${table} as ${role}`).toContain(seen);
          } finally {
            await runtime.query('rollback');
          }
        }
    });
  },
);
