import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { accessLog } from '../../db/schema/index.ts';
import { MAX_STORED_USER_AGENT } from '../../lib/audit/client-trace.ts';
import { pruneAccessLog } from './access-log-retention.ts';

const DAY_MS = 86_400_000;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AccessLogTest/1.0';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_MAX_FAILURES_PER_IP: '50' });
});
afterAll(() => ctx.close());

type Row = {
  event: string;
  user_id: number | null;
  email: string | null;
  ip: string | null;
  user_agent: string | null;
};

const post = (url: string, payload: object, ip: string) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'user-agent': AGENT } });

const recordsFrom = (ip: string) =>
  ctx.query<Row>(
    sql`select event, user_id, email, ip, user_agent from access_log where ip = ${ip} order by id`,
  );

describe('access log', () => {
  it('records a sign-in, a refresh and a sign-out once each, with user, IP and user agent', async () => {
    const account = await ctx.createAccount();
    const ip = '10.20.0.1';
    const signIn = await post('/api/login', { email: account.email, password: account.password }, ip);
    expect(signIn.statusCode).toBe(200);
    const refreshed = await post(
      '/api/login/refresh',
      { Login: account.email, Refresh: signIn.json().refreshToken },
      ip,
    );
    expect(refreshed.statusCode).toBe(200);
    const signOut = await post('/api/logout', { refreshToken: refreshed.json().refreshToken }, ip);
    expect(signOut.statusCode).toBe(204);
    // An unknown token ends no session, so it records nothing.
    expect((await post('/api/logout', { refreshToken: 'x'.repeat(43) }, ip)).statusCode).toBe(204);

    const who = { user_id: account.id, email: null, ip, user_agent: AGENT };
    expect(await recordsFrom(ip)).toEqual([
      { event: 'sign-in', ...who },
      { event: 'refresh', ...who },
      { event: 'sign-out', ...who },
    ]);
  });

  it('records a failed sign-in for an unknown e-mail with the e-mail typed and no user', async () => {
    const ip = '10.20.0.2';
    const response = await post(
      '/api/login',
      { email: 'Nobody.Here@Scentia.test', password: 'secret-1' },
      ip,
    );
    expect(response.statusCode).toBe(401);
    expect(await recordsFrom(ip)).toEqual([
      { event: 'sign-in-failed', user_id: null, email: 'Nobody.Here@Scentia.test', ip, user_agent: AGENT },
    ]);
  });

  it('records wrong passwords, inactive and unconfirmed accounts, and rate-limited attempts as failed', async () => {
    const known = await ctx.createAccount();
    const inactive = await ctx.createAccount({ isActive: false });
    const unconfirmed = await ctx.createAccount({ isConfirmed: false });
    const ip = '10.20.0.3';
    const attempts = [
      { account: known, password: 'wrong-1', status: 401 },
      { account: known, password: 'wrong-2', status: 401 },
      // The account's failure limit (2) is reached: refused by the limiter, before any password check.
      { account: known, password: known.password, status: 429 },
      { account: inactive, password: inactive.password, status: 401 },
      { account: unconfirmed, password: unconfirmed.password, status: 403 },
    ];
    for (const attempt of attempts) {
      const response = await post(
        '/api/login',
        { email: attempt.account.email, password: attempt.password },
        ip,
      );
      expect(response.statusCode, attempt.account.email).toBeGreaterThanOrEqual(400);
    }
    const rows = await recordsFrom(ip);
    expect(rows.map((row) => row.event)).toEqual(Array(5).fill('sign-in-failed'));
    expect(rows.map((row) => row.email)).toEqual(attempts.map((attempt) => attempt.account.email));
    expect(rows.slice(3).map((row) => row.user_id)).toEqual([inactive.id, unconfirmed.id]);
  });

  it('never stores a password in any column', async () => {
    const account = await ctx.createAccount();
    const ip = '10.20.0.4';
    await post('/api/login', { email: account.email, password: account.password }, ip);
    await post('/api/login', { email: account.email, password: 'Typed-Wrong-9' }, ip);
    const [row] = await ctx.query<{ everything: string }>(
      sql`select string_agg(t::text, '|') as everything from access_log t`,
    );
    expect(row?.everything).toContain(ip);
    expect(row?.everything).not.toContain(account.password);
    expect(row?.everything).not.toContain('Typed-Wrong-9');
  });

  it(`cuts a long user agent to ${MAX_STORED_USER_AGENT} characters`, async () => {
    const ip = '10.20.0.5';
    await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'long@scentia.test', password: 'whatever' },
      remoteAddress: ip,
      headers: { 'user-agent': 'A'.repeat(1_000) },
    });
    const [row] = await recordsFrom(ip);
    expect(row?.user_agent).toHaveLength(MAX_STORED_USER_AGENT);
  });
});

describe('access log retention', () => {
  it('keeps a record one day younger than the limit and removes one a day older, in batches', async () => {
    // A clock in the past: the records the other tests wrote just now are all younger than it.
    const now = new Date('2020-06-15T12:00:00Z');
    const retentionDays = 183;
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const inserted = await ctx.db
      .insert(accessLog)
      .values([
        { event: 'sign-in', ip: '10.30.0.1', occurredAt: at(retentionDays - 1) },
        { event: 'sign-in', ip: '10.30.0.2', occurredAt: at(retentionDays + 1) },
        { event: 'refresh', ip: '10.30.0.3', occurredAt: at(retentionDays + 2) },
        { event: 'sign-out', ip: '10.30.0.4', occurredAt: at(retentionDays + 30) },
      ])
      .returning({ id: accessLog.id });
    expect(inserted).toHaveLength(4);

    const removed = await pruneAccessLog({ db: ctx.db, retentionDays, now, batchSize: 2 });
    expect(removed).toBe(3);
    const left = await ctx.query<{ ip: string }>(
      sql`select ip from access_log where host(ip) like '10.30.%'`,
    );
    expect(left).toEqual([{ ip: '10.30.0.1' }]);
  });

  it('refuses a retention under 183 days (6 months) at start-up, and defaults to 365', () => {
    expect(() => loadConfig({ ACCESS_LOG_RETENTION_DAYS: '182' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCESS_LOG_RETENTION_DAYS: '182' })).toThrow(/ACCESS_LOG_RETENTION_DAYS/);
    expect(loadConfig({ ACCESS_LOG_RETENTION_DAYS: '183' }).ACCESS_LOG_RETENTION_DAYS).toBe(183);
    expect(loadConfig({}).ACCESS_LOG_RETENTION_DAYS).toBe(365);
  });
});
