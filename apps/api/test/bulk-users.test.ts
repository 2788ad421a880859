import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

let ctx: TestContext;
const tokens = { admin: '', staff: '' };
let adminId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const [role, profile] of [
    ['admin', 'ADMIN'],
    ['staff', 'OPERADOR'],
  ] as const) {
    const account = await ctx.createAccount({ profile });
    tokens[role] = (await ctx.signIn(account.email, account.password)).token;
    if (role === 'admin') adminId = account.id;
  }
});
afterAll(() => ctx.close());

const bulk = (role: keyof typeof tokens, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/usuario/bulk',
    payload,
    headers: { authorization: `Bearer ${tokens[role]}`, 'content-language': 'en-US' },
  });

const mailsTo = async (email: string) =>
  (await ctx.query<{ kind: string }>(sql`select kind from mail_outbox where to_address = ${email}`)).length;

type Result = { id: number; outcome: string; code: string | null; message: string | null };

/** Each id's outcome, and its code when refused: `{ [id]: 'done' | 'refused CODE' | … }`. */
const outcomesOf = (response: { json(): { results: Result[] } }) =>
  Object.fromEntries(
    response
      .json()
      .results.map((result) => [
        result.id,
        result.code ? `${result.outcome} ${result.code}` : result.outcome,
      ]),
  );

/** An account erased as the privacy feature leaves it (the erasure guard's neutral values). */
async function erasedAccount(isConfirmed: boolean) {
  const { id } = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed });
  await ctx.query(sql`
    update users set name = '#' || id, email = 'anonymised-' || id || '@invalid', password_hash = null,
      cpf = null, document = null, birthday = null, genre = null, street = null, city = null,
      state = null, zipcode = null, country = null, deleted_at = now(), anonymized_at = now()
    where id = ${id}`);
  return id;
}

/** How many audit events the action recorded, by action name. */
const eventsOf = async (actionId: string) =>
  Object.fromEntries(
    (
      await ctx.query<{ action: string; events: number }>(sql`
        select action, count(*)::int as events from audit_events where request_id = ${actionId} group by action`)
    ).map((row) => [row.action, row.events]),
  );

describe('POST /api/usuario/bulk', () => {
  it('resends the confirmation to the unconfirmed, refusing the confirmed with its code', async () => {
    const pending = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
    const confirmed = await ctx.createAccount({ profile: 'OPERADOR' });
    const response = await bulk('staff', { action: 'resendConfirmation', ids: [pending.id, confirmed.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { id: pending.id, name: expect.any(String), outcome: 'done', code: null, message: null },
      {
        id: confirmed.id,
        name: expect.any(String),
        outcome: 'refused',
        code: 'ALREADY_CONFIRMED',
        message: 'This account has already been confirmed.',
      },
    ]);
    expect(await mailsTo(pending.email)).toBe(1);
    expect(await mailsTo(confirmed.email)).toBe(0);
  });

  it('lets only an ADMIN deactivate: staff get each row refused, changing nothing', async () => {
    const target = await ctx.createAccount({ profile: 'OPERADOR' });
    const refused = await bulk('staff', { action: 'deactivate', ids: [target.id] });
    expect(refused.json().results[0]).toMatchObject({ outcome: 'refused', code: 'ADMIN_ONLY' });
    const done = await bulk('admin', { action: 'deactivate', ids: [target.id, 99_999_999] });
    expect(done.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'done',
      'notFound',
    ]);
    const again = await bulk('admin', { action: 'deactivate', ids: [target.id] });
    expect(again.json().results[0].outcome).toBe('unchanged');
  });

  it('deactivates a chunk at once, each row refused as the single command refuses it, ending sessions', async () => {
    const pending = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
    const inactive = await ctx.createAccount({ profile: 'OPERADOR', isActive: false });
    const erased = await erasedAccount(true);
    const first = await ctx.createAccount({ profile: 'OPERADOR' });
    const second = await ctx.createAccount({ profile: 'ADMIN' });
    const session = await ctx.signIn(first.email, first.password);
    const ids = [adminId, pending.id, inactive.id, erased, first.id, second.id, 99_999_998];
    const refused = await bulk('staff', { action: 'deactivate', ids });
    expect(outcomesOf(refused)).toMatchObject({
      [first.id]: 'refused ADMIN_ONLY',
      [second.id]: 'refused ADMIN_ONLY',
      [inactive.id]: 'unchanged',
    });
    const response = await bulk('admin', { action: 'deactivate', ids });
    expect(response.statusCode, response.body).toBe(200);
    expect(outcomesOf(response)).toEqual({
      [adminId]: 'refused SELF_DEACTIVATION',
      [pending.id]: 'refused USER_UNCONFIRMED',
      [inactive.id]: 'unchanged',
      [erased]: 'unchanged',
      [first.id]: 'done',
      [second.id]: 'done',
      99999998: 'notFound',
    });
    expect(response.json().results[0].message).toBe('You cannot deactivate your own account.');
    expect(await eventsOf(response.json().actionId)).toEqual({ bulkDeactivateUser: 2 });
    // The session check and the refresh refuse an inactive account, as after the single command.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/usuario/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: {
        InstanciaAno: new Date().getFullYear(),
        Login: session.login,
        Refresh: session.refreshToken,
      },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('activates a chunk at once, refusing the erased and the unconfirmed', async () => {
    const pending = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false, isActive: false });
    const erased = await erasedAccount(true);
    const inactive = await ctx.createAccount({ profile: 'OPERADOR', isActive: false });
    const active = await ctx.createAccount({ profile: 'OPERADOR' });
    const ids = [pending.id, erased, inactive.id, active.id];
    expect(outcomesOf(await bulk('staff', { action: 'activate', ids }))).toEqual({
      [pending.id]: 'refused ADMIN_ONLY',
      [erased]: 'refused ADMIN_ONLY',
      [inactive.id]: 'refused ADMIN_ONLY',
      [active.id]: 'unchanged',
    });
    expect(outcomesOf(await bulk('admin', { action: 'activate', ids }))).toEqual({
      [pending.id]: 'refused USER_UNCONFIRMED',
      [erased]: 'refused ACCOUNT_ANONYMISED',
      [inactive.id]: 'done',
      [active.id]: 'unchanged',
    });
    const [row] = await ctx.query<{ active: boolean }>(
      sql`select deleted_at is null as active from users where id = ${erased}`,
    );
    expect(row?.active).toBe(false);
  });

  it('deletes for good only unconfirmed users, and only for an ADMIN', async () => {
    const pending = await ctx.createAccount({ profile: 'OPERADOR', isConfirmed: false });
    const confirmed = await ctx.createAccount({ profile: 'OPERADOR' });
    const ids = [pending.id, confirmed.id, 99_999_997];
    expect(outcomesOf(await bulk('staff', { action: 'delete', ids }))).toEqual({
      [pending.id]: 'refused ADMIN_ONLY',
      [confirmed.id]: 'refused ADMIN_ONLY',
      99999997: 'notFound',
    });
    const response = await bulk('admin', { action: 'delete', ids });
    expect(outcomesOf(response)).toEqual({
      [pending.id]: 'done',
      [confirmed.id]: 'refused USER_CONFIRMED',
      99999997: 'notFound',
    });
    expect(await eventsOf(response.json().actionId)).toEqual({ bulkDeleteUser: 1 });
    const left = await ctx.query(sql`select id from users where id in (${pending.id}, ${confirmed.id})`);
    expect(left).toEqual([{ id: confirmed.id }]);
  });

  it('mails each of N users once per action, however often its chunk arrives', async () => {
    const count = 25;
    const pending: { id: number; email: string }[] = [];
    for (let i = 0; i < count; i += 1) pending.push(await ctx.createAccount({ isConfirmed: false }));
    const confirmed = await ctx.createAccount({ profile: 'OPERADOR' });
    const erased = await erasedAccount(false);
    const ids = [...pending.map((person) => person.id), confirmed.id, erased, 99_999_996];
    const mails = async () => {
      const [row] = await ctx.query<{ mails: number; people: number }>(sql`
        select count(*)::int as mails, count(distinct user_id)::int as people from mail_outbox
        where user_id in ${sql.raw(`(${ids.join(',')})`)}`);
      return row;
    };
    const first = await bulk('staff', { action: 'resendConfirmation', ids });
    expect(first.statusCode, first.body).toBe(200);
    const { actionId } = first.json();
    expect(outcomesOf(first)).toEqual({
      ...Object.fromEntries(pending.map((person) => [person.id, 'done'])),
      [confirmed.id]: 'refused ALREADY_CONFIRMED',
      [erased]: 'refused ACCOUNT_ANONYMISED',
      99999996: 'notFound',
    });
    expect(await mails()).toEqual({ mails: count, people: count });
    expect(await eventsOf(actionId)).toEqual({ bulkResendConfirmationUser: count });
    // The same chunk again (a retry), twice at once: nobody is mailed a second time.
    const replays = await Promise.all(
      [1, 2].map(() => bulk('staff', { action: 'resendConfirmation', ids, actionId })),
    );
    for (const replay of replays) {
      expect(replay.statusCode, replay.body).toBe(200);
      expect(
        replay
          .json()
          .results.slice(0, count)
          .map((result: Result) => result.outcome),
      ).toEqual(pending.map(() => 'unchanged'));
    }
    expect(await mails()).toEqual({ mails: count, people: count });
    // Another action mails them again, each with a new link that replaces the last.
    await bulk('staff', { action: 'resendConfirmation', ids });
    expect(await mails()).toEqual({ mails: 2 * count, people: count });
    const [links] = await ctx.query<{ links: number }>(sql`
      select count(*)::int as links from temporary_requests
      where user_id in ${sql.raw(`(${ids.join(',')})`)} and used_at is null`);
    expect(links?.links).toBe(count);
  });

  it('answers 400 for an action users do not take', async () => {
    const target = await ctx.createAccount({ profile: 'OPERADOR' });
    const response = await bulk('admin', { action: 'move', ids: [target.id], values: { locationId: 1 } });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/usuario/bulk/ids', () => {
  const ids = (payload: object, language = 'en-US') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/usuario/bulk/ids',
      payload,
      headers: { authorization: `Bearer ${tokens.staff}`, 'content-language': language },
    });

  it('answers the ids the users list shows for its search and state, in its order', async () => {
    for (const [name, isActive] of [
      ['Seleciona Todos Um', true],
      ['Seleciona Todos Dois', true],
      ['Seleciona Todos Inativo', false],
    ] as const) {
      await ctx.createAccount({ profile: 'OPERADOR', name, isActive });
    }
    const filter = { search: 'seleciona todos', isActive: 'true' };
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/usuario?${new URLSearchParams(filter)}&perPage=50`,
      headers: { authorization: `Bearer ${tokens.staff}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const response = await ids(filter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().total).toBe(2);
    expect(response.json().ids).toEqual(list.json().data.map((row: { id: number }) => row.id));
    expect((await ids({ search: 'seleciona todos' })).json().total).toBe(3);
    // The list's paging and sort are not a filter: the body refuses them.
    expect((await ids({ page: '2' })).statusCode).toBe(400);
  });

  it('refuses a filter matching more than the bound with a localized 400', async () => {
    await ctx.query(sql`
      insert into users (name, email, profile_id, confirmed_at)
      select 'Em Massa ' || i, 'massa' || i || '@exemplo.com.br', (select id from profiles where name = 'OPERADOR'), now()
      from generate_series(1, 10001) as i`);
    const response = await ids({ search: 'em massa' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].message).toContain('More than 10,000 records match the filter');
    // Ten thousand rows written first: longer than a test's default on a busy machine.
  }, 180_000);
});
