import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditedDatabase } from '../../lib/audit/audit-context.ts';
import { applyPersonalDataRetention } from './privacy-retention.ts';

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 1826;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.jobSettled('privacy-retention');
});
afterAll(() => ctx.close());

/** An account created, and last used (when given), that many days before `now`. */
async function accountAged(
  now: Date,
  options: { createdDaysAgo: number; activeDaysAgo?: number; profile?: string },
) {
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const account = await ctx.createAccount({ profile: options.profile ?? 'OPERADOR' });
  await ctx.query(
    sql`update users set created_at = ${at(options.createdDaysAgo)}::timestamptz where id = ${account.id}`,
  );
  if (options.activeDaysAgo !== undefined) {
    await ctx.query(sql`insert into account_activity (user_id, last_active_at)
      values (${account.id}, ${at(options.activeDaysAgo)}::timestamptz)`);
  }
  return account.id;
}

const anonymisedIds = async () =>
  (
    await ctx.query<{ id: number }>(sql`select id from users where anonymized_at is not null order by id`)
  ).map((row) => row.id);

describe('personal-data retention', () => {
  it('records the last sign-in and refresh as activity, without an audit event', async () => {
    const account = await ctx.createAccount({ profile: 'OPERADOR' });
    const [{ id: lastEvent } = { id: 0 }] = await ctx.query<{ id: number }>(
      sql`select coalesce(max(id), 0)::int as id from audit_events`,
    );
    const session = await ctx.signIn(account.email, account.password);
    const [first] = await ctx.query<{ at: string }>(
      sql`select last_active_at::text as at from account_activity where user_id = ${account.id}`,
    );
    expect(first?.at).toBeDefined();
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: {
        InstanciaAno: new Date().getFullYear(),
        Login: session.login,
        Refresh: session.refreshToken,
      },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const [second] = await ctx.query<{ at: string }>(
      sql`select last_active_at::text as at from account_activity where user_id = ${account.id}`,
    );
    expect(second?.at && first?.at && second.at > first.at).toBe(true);
    const events = await ctx.query(sql`select id from audit_events where id > ${lastEvent}`);
    expect(events).toEqual([]);
  });

  it('anonymises accounts a day past the limit, from last activity or creation, and keeps those a day short', async () => {
    const now = new Date();
    const limit = RETENTION_DAYS;
    const neverUsedYoung = await accountAged(now, { createdDaysAgo: limit - 1 });
    const neverUsedOld = await accountAged(now, { createdDaysAgo: limit + 1 });
    const usedRecently = await accountAged(now, { createdDaysAgo: limit + 900, activeDaysAgo: limit - 1 });
    const usedLongAgo = await accountAged(now, { createdDaysAgo: limit + 900, activeDaysAgo: limit + 1 });

    const db = auditedDatabase(ctx.db);
    const result = await applyPersonalDataRetention({ db, retentionDays: limit, now, batchSize: 1 });
    expect(result).toEqual({ anonymised: 2, kept: 0 });
    const anonymised = await anonymisedIds();
    expect(anonymised).toEqual(expect.arrayContaining([neverUsedOld, usedLongAgo]));
    expect(anonymised).not.toContain(neverUsedYoung);
    expect(anonymised).not.toContain(usedRecently);

    // Each erasure is in the trail, signed by the job, with no person behind it.
    const events = await ctx.query<{ action: string; actor_id: number | null }>(sql`
      select action, actor_id from audit_events
      where record_type = 'user' and record_id = ${String(usedLongAgo)} order by id desc limit 1`);
    expect(events).toEqual([{ action: 'retention', actor_id: null }]);

    // A second run finds nothing new.
    expect(await applyPersonalDataRetention({ db, retentionDays: limit, now })).toEqual({
      anonymised: 0,
      kept: 0,
    });
  });

  it('never anonymises the last active ADMIN, however long unused', async () => {
    const now = new Date();
    // Every admin of this database is long unused: the first admins go, the last one stays.
    const admins = [
      await accountAged(now, { createdDaysAgo: 4000, activeDaysAgo: 3000, profile: 'ADMIN' }),
      await accountAged(now, { createdDaysAgo: 4000, profile: 'ADMIN' }),
    ];
    const db = auditedDatabase(ctx.db);
    const result = await applyPersonalDataRetention({ db, retentionDays: RETENTION_DAYS, now });
    expect(result).toEqual({ anonymised: 1, kept: 1 });
    const [first, last] = admins as [number, number];
    expect(await anonymisedIds()).toContain(first);
    expect(await anonymisedIds()).not.toContain(last);
    const [survivor] = await ctx.query<{ deleted_at: string | null }>(
      sql`select deleted_at from users where id = ${last}`,
    );
    expect(survivor?.deleted_at).toBeNull();
  });
});
