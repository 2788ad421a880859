import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_RECORD_TYPES } from '@scentia/shared/audit.schemas';
import { AUDIT_MAIN_TABLES } from '@scentia/shared/audit-fields';
import { type SQL, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymiseAccount } from '../src/modules/privacy/anonymise-account.ts';
import {
  ACCESS_LOGGED,
  auditRecipes,
  isBulkOperation,
  latestLinkToken,
  OUTSIDE_THE_TRAIL,
} from './audit-recipes.ts';
import { DEVICE_TELEMETRY } from './device-audit-recipes.ts';
import { createDeviceFixture } from './device-fixture.ts';
import type { Recipe } from './kit-recipes.ts';
import { publishedQuizFixture, walkEvents } from './quiz-sessions-fixture.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The audit trail, route by route. Every state-changing operation of the live OpenAPI document must
 * have a recipe below (a successful call and the record it changes) or a stated exemption: a new
 * route without one fails the first test. A success leaves exactly one event naming its caller, its
 * address and the operation; a refusal leaves none.
 */

let ctx: TestContext;
let admin: { id: number; email: string; password: string; token: string };
const CLIENT_IP = '10.77.0.9';

function asAdmin(request: InjectOptions): InjectOptions {
  return {
    ...request,
    remoteAddress: CLIENT_IP,
    headers: { ...request.headers, authorization: `Bearer ${admin.token}`, 'user-agent': 'audit-test' },
  };
}

async function send(request: InjectOptions) {
  return ctx.app.inject(asAdmin(request));
}

type EventRow = {
  id: number;
  actor_id: number | null;
  ip: string | null;
  user_agent: string | null;
  action: string;
  record_type: string;
  record_id: string;
  changes: number;
};

async function eventsAfter(id: number): Promise<EventRow[]> {
  return ctx.query<EventRow>(sql`
    select e.*, (select count(*)::int from audit_changes c where c.event_id = e.id) as changes
    from audit_events e where e.id > ${id} order by e.id`);
}

async function lastEventId(): Promise<number> {
  const [row] = await ctx.query<{ id: number | null }>(sql`select max(id)::int as id from audit_events`);
  return row?.id ?? 0;
}

type Operation = { key: string; operationId: string };
let operations: Operation[] = [];
let reads: Operation[] = [];

/**
 * The reads the trail records (who read whose data, when): a person's record opened, their whole
 * record, as JSON or as a spreadsheet, the users spreadsheet, and the trail's own export, which holds
 * everyone's changes. No other read leaves an event.
 */
const RECORDED_READS = new Set([
  'GET /api/usuario/{id}',
  'GET /api/export',
  'GET /api/usuario/personal-data/{id}',
  'GET /api/usuario/personal-data/{id}/export',
  'GET /api/audit/export',
]);
let RECIPES: Record<string, Recipe[]> = {};

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'scentia-audit-')) });
  const account = await ctx.createAccount({ profile: 'ADMIN' });
  admin = { ...account, token: (await ctx.signIn(account.email, account.password)).token };
  RECIPES = auditRecipes({ ctx, admin, send });
  const document = ctx.app.swagger() as unknown as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const all = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      operationId: operation.operationId,
    })),
  );
  operations = all.filter(({ key }) => !key.startsWith('GET '));
  reads = all.filter(({ key }) => key.startsWith('GET '));
});
afterAll(() => ctx.close());

describe('the audit trail', () => {
  it('has a recipe for every state-changing operation of the document', () => {
    expect(operations.length).toBeGreaterThan(10);
    const missing = operations.filter(
      ({ key }) =>
        !RECIPES[key] && !ACCESS_LOGGED.has(key) && !OUTSIDE_THE_TRAIL[key] && !isBulkOperation(key),
    );
    // A kit resource's routes need only a sample body in `samples` (audit-recipes.ts).
    expect(missing.map(({ key }) => key)).toEqual([]);
  });

  it('records each successful call once, with its caller, address, operation and record', async () => {
    for (const { key, operationId } of operations) {
      for (const recipe of RECIPES[key] ?? []) {
        const call = await recipe.prepare();
        const before = await lastEventId();
        const response =
          call.caller === 'admin'
            ? await send(call.request)
            : await ctx.app.inject({
                ...call.request,
                remoteAddress: CLIENT_IP,
                headers: { ...call.request.headers, 'user-agent': 'audit-test' },
              });
        const where = `${key} (${recipe.describe})`;
        expect(response.statusCode, `${where}: ${response.body}`).toBeLessThan(300);
        // Password recovery answers first and writes after (docs/decisions/accounts.md).
        await ctx.afterAnswersSettled();
        const events = await eventsAfter(before);
        expect(events, where).toHaveLength(1);
        const [event] = events as [EventRow];
        expect(event.action, where).toBe(call.action ?? operationId);
        expect(event.actor_id, where).toBe(call.caller === 'admin' ? admin.id : (call.actorId ?? null));
        expect(event.ip, where).toBe(CLIENT_IP);
        expect(event.user_agent, where).toBe('audit-test');
        expect(event.record_type, where).toBe(call.record.type);
        if (!Number.isNaN(call.record.id)) expect(event.record_id, where).toBe(String(call.record.id));
        expect(event.changes, where).toBeGreaterThan(0);
      }
    }
    // Every operation of the API played one after the other: longer than one test's default on a busy machine.
  }, 180_000);

  it('records nothing for the access-logged calls', async () => {
    const before = await lastEventId();
    const person = await ctx.createAccount({ profile: 'OPERADOR' });
    const afterFixture = await lastEventId();
    const session = await ctx.signIn(person.email, person.password);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/refresh',
      payload: {
        InstanciaAno: new Date().getFullYear(),
        Login: session.login,
        Refresh: session.refreshToken,
      },
    });
    expect(refreshed.statusCode).toBe(200);
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: refreshed.json().refreshToken },
    });
    expect(signedOut.statusCode).toBeLessThan(300);
    expect(afterFixture).toBeGreaterThanOrEqual(before);
    expect(await eventsAfter(afterFixture)).toEqual([]);
  });

  it('records nothing for the operations outside the trail: a quiz played in the app', async () => {
    expect(Object.keys(OUTSIDE_THE_TRAIL)).toEqual([
      'POST /api/app/quiz-sessions/events',
      ...Object.keys(DEVICE_TELEMETRY),
      'PUT /api/notifications/read/{alertId}',
      'PUT /api/notifications/read-all',
      'PUT /api/notification-settings',
      'POST /api/imports/{id}/cancel',
    ]);
    expect(operations.map(({ key }) => key)).toEqual(expect.arrayContaining(Object.keys(OUTSIDE_THE_TRAIL)));
    const quiz = await publishedQuizFixture(ctx);
    const player = await ctx.createAccount({ profile: 'USER' });
    const { token } = await ctx.signIn(player.email, player.password);
    const before = await lastEventId();
    const played = await ctx.app.inject({
      method: 'POST',
      url: '/api/app/quiz-sessions/events',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        sessionId: randomUUID(),
        quizId: quiz.quizId,
        version: quiz.version,
        events: walkEvents(quiz, [quiz.a.a11, quiz.a.a21]),
      },
    });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json()).toMatchObject({ recorded: 4 });
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('records nothing for a person’s own read marks and digest choice', async () => {
    const before = await lastEventId();
    const saved = await send({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { dailyDigest: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const readAll = await send({ method: 'PUT', url: '/api/notifications/read-all' });
    expect(readAll.statusCode, readAll.body).toBe(204);
    const [settings] = await ctx.query<{ daily_digest: boolean }>(
      sql`select daily_digest from notification_settings where daily_digest`,
    );
    expect(settings?.daily_digest).toBe(true);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('records nothing for a device’s telemetry: its heartbeats and its shots', async () => {
    const fleet = await createDeviceFixture(ctx);
    const device = await fleet.createDevice();
    const before = await lastEventId();
    const heartbeat = await fleet.call(device.credential, {
      method: 'POST',
      url: '/api/device/heartbeat',
      payload: {
        firmwareVersion: '1.0.0',
        capsules: [
          {
            slot: 1,
            serialNumber: 'AUDIT-1',
            fragranceId: fleet.fragranceIds[0],
            sizeShots: 100,
            remainingShots: 100,
          },
        ],
      },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
    const shots = await fleet.call(device.credential, {
      method: 'POST',
      url: '/api/device/shots',
      payload: { sequence: 1, shots: [{ at: new Date().toISOString(), slot: 1, count: 3 }] },
    });
    expect(shots.statusCode, shots.body).toBe(200);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('records each read of a person’s whole record and each export of the trail: who, whose, when', async () => {
    const person = await ctx.createAccount({ profile: 'OPERADOR' });
    const operationIdOf = (key: string) => reads.find((read) => read.key === key)?.operationId;
    const cases = [
      { key: 'GET /api/usuario/{id}', url: `/api/usuario/${person.id}` },
      { key: 'GET /api/usuario/personal-data/{id}', url: `/api/usuario/personal-data/${person.id}` },
      {
        key: 'GET /api/usuario/personal-data/{id}/export',
        url: `/api/usuario/personal-data/${person.id}/export`,
      },
      { key: 'GET /api/audit/export', url: `/api/audit/export?actorId=${person.id}` },
    ];
    // The users spreadsheet names no one in particular: its own test follows.
    const aboutOnePerson = [...RECORDED_READS].filter((key) => key !== 'GET /api/export');
    expect(cases.map(({ key }) => key).sort()).toEqual(aboutOnePerson.sort());
    const recorded: number[] = [];
    for (const { key, url } of cases) {
      const before = await lastEventId();
      const response = await send({ method: 'GET', url });
      expect(response.statusCode, key).toBe(200);
      const events = await eventsAfter(before);
      expect(events, key).toHaveLength(1);
      const [event] = events as [EventRow];
      expect(event, key).toMatchObject({
        action: operationIdOf(key),
        actor_id: admin.id,
        ip: CLIENT_IP,
        user_agent: 'audit-test',
      });
      recorded.push(Number(event.id));
    }
    // Whose data: the person, whose history lists the four reads (the trail's export as a filter on them).
    const history = (await send({ method: 'GET', url: `/api/audit/history/user/${person.id}` })).json();
    const ids = history.map((event: { auditId: number }) => event.auditId);
    expect(ids.slice(0, 4)).toEqual([...recorded].reverse());
    expect(history[3].changes).toEqual([
      {
        table: 'user_reads',
        rowKey: String(person.id),
        kind: 'created',
        fields: [{ field: 'read', before: null, after: 'record' }],
      },
    ]);
    // A read of an account that does not exist reads nothing, and records nothing.
    const before = await lastEventId();
    expect((await send({ method: 'GET', url: '/api/usuario/personal-data/99999999' })).statusCode).toBe(404);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('records one event per export of the users spreadsheet, naming its filter and count', async () => {
    const person = await ctx.createAccount({ profile: 'OPERADOR', email: 'planilha@scentia.test' });
    const before = await lastEventId();
    const response = await send({ method: 'GET', url: '/api/export?search=planilha&isActive=true' });
    expect(response.statusCode, response.body).toBe(200);
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'getExport',
      actor_id: admin.id,
      record_type: 'user',
      record_id: 'export',
    });
    const [note] = await ctx.query<{ after: unknown }>(
      sql`select after from audit_changes where event_id = ${events[0]?.id}`,
    );
    expect(note?.after).toEqual({ read: 'xlsx', search: 'planilha', isActive: true, count: 1 });
    // The person's own history is not where a list's export goes: it names no one in particular.
    const history = (await send({ method: 'GET', url: `/api/audit/history/user/${person.id}` })).json();
    expect(history.map((event: { action: string }) => event.action)).not.toContain('getExport');
  });

  it('records no other read', async () => {
    expect(reads.length).toBeGreaterThan(10);
    for (const { key } of reads.filter((read) => !RECORDED_READS.has(read.key))) {
      const path = key
        .slice('GET '.length)
        .replace('{recordType}', 'user')
        .replace(/\{[^}]+\}/g, String(admin.id));
      const before = await lastEventId();
      await send({ method: 'GET', url: path });
      expect(await eventsAfter(before), key).toEqual([]);
    }
  });

  it('records nothing for a refused call', async () => {
    for (const { key } of operations) {
      const [method, path] = key.split(' ') as [string, string];
      const before = await lastEventId();
      const response = await send({
        method: method as 'POST',
        url: path.replace(/\{[^}]+\}/g, '99999999'),
        ...(method === 'DELETE' ? {} : { payload: { name: '', email: 'not-an-email' } }),
      });
      expect(response.statusCode, key).toBeGreaterThanOrEqual(400);
      expect(await eventsAfter(before), key).toEqual([]);
    }
  });

  it('keeps no secret: passwords, their hashes, link tokens and their hashes', async () => {
    const email = 'segredo@scentia.test';
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/usuario/cadastro',
      payload: { nome: 'Sigilo', email, password: 'Primeira#Senha1', termsAccepted: true },
    });
    expect(signUp.statusCode).toBe(201);
    const token = await latestLinkToken(ctx, email);
    const activated = await ctx.app.inject({
      method: 'POST',
      url: '/api/requisicaotemporaria',
      payload: { token },
    });
    expect(activated.statusCode).toBe(200);
    const session = await ctx.signIn(email, 'Primeira#Senha1');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/usuario/update-password',
      payload: { senhaAtual: 'Primeira#Senha1', novaSenha: 'Segunda#Senha2' },
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(changed.statusCode).toBe(204);

    const [secrets] = await ctx.query<{ hash: string; token_hashes: string[] }>(sql`
      select u.password_hash as hash, array(select token_hash from temporary_requests t where t.user_id = u.id) as token_hashes
      from users u where u.email = ${email}`);
    const [trail] = await ctx.query<{ text: string }>(sql`
      select coalesce(string_agg(c.before::text || ' ' || c.after::text, ' '), '') as text
      from audit_changes c join audit_events e on e.id = c.event_id
      where e.record_type = 'user' and e.record_id = (select id::text from users where email = ${email})`);
    const text = trail?.text ?? '';
    expect(text).toContain('redacted:');
    for (const secret of [
      'Primeira#Senha1',
      'Segunda#Senha2',
      token,
      secrets?.hash ?? '?',
      ...(secrets?.token_hashes ?? []),
    ]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(text).not.toContain(secret);
    }
  });

  it('names every audited column that looks secret to its trigger, which redacts it', async () => {
    const columns = await ctx.query<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c
      where c.table_schema = 'public' and c.column_name ~ '(password|token|secret|_hash$)'`);
    const triggers = await ctx.query<{ table_name: string; args: string }>(sql`
      select c.relname as table_name, encode(t.tgargs, 'escape') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = c.relname || '_audit'`);
    expect(triggers.length).toBeGreaterThan(8);
    for (const trigger of triggers) {
      const secretArgument = trigger.args.split('\\000')[3] ?? '';
      const secrets = columns.filter((column) => column.table_name === trigger.table_name);
      for (const secret of secrets) {
        expect(secretArgument.split(','), `${trigger.table_name}.${secret.column_name}`).toContain(
          secret.column_name,
        );
      }
    }
  });

  it('has each kind of record named by its main table’s trigger, and no other kind', async () => {
    const triggers = await ctx.query<{ table_name: string; args: string }>(sql`
      select c.relname as table_name, encode(t.tgargs, 'escape') as args
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = c.relname || '_audit'`);
    const kindOf = new Map(triggers.map((trigger) => [trigger.table_name, trigger.args.split('\\000')[0]]));
    const tabled = AUDIT_RECORD_TYPES.filter((type) => AUDIT_MAIN_TABLES[type] !== null);
    expect(tabled.length).toBeGreaterThan(4);
    for (const type of tabled) expect(kindOf.get(AUDIT_MAIN_TABLES[type] ?? ''), type).toBe(type);
    expect([...new Set(kindOf.values())].sort()).toEqual([...tabled].sort());
  });

  it('keeps a live account’s values: marking it erased, scrubbing the trail and unmarking it is refused', async () => {
    const person = await ctx.createAccount({ profile: 'OPERADOR', name: 'Pessoa Viva' });
    const refusalOf = (statements: SQL[]) =>
      ctx.db
        .transaction(async (tx) => {
          for (const statement of statements) await tx.execute(statement);
        })
        .then(
          () => 'accepted',
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    await ctx.db.transaction((tx) =>
      tx.execute(sql`update users set street = 'Rua Viva' where id = ${person.id}`),
    );
    const valuesInTrail = async () =>
      (
        await ctx.query<{ name: string | null; street: string | null }>(sql`
          select after ->> 'name' as name, after ->> 'street' as street from audit_changes
          where table_name = 'users' and row_key = ${String(person.id)} and after is not null order by id`)
      ).at(-1);
    expect(await valuesInTrail()).toEqual({ name: 'Pessoa Viva', street: 'Rua Viva' });

    const bypass = await refusalOf([
      sql`update users set anonymized_at = now() where id = ${person.id}`,
      sql`select audit_anonymise_account(${person.id})`,
      sql`update users set anonymized_at = null where id = ${person.id}`,
    ]);
    expect(bypass).toMatch(/holds personal values/);
    expect(await refusalOf([sql`select audit_anonymise_account(${person.id})`])).toMatch(/not erased/);
    expect(await valuesInTrail()).toEqual({ name: 'Pessoa Viva', street: 'Rua Viva' });

    await anonymiseAccount({ db: ctx.db, userId: person.id });
    expect(await valuesInTrail()).toMatchObject({ name: `#${person.id}`, street: null });
    const revivals = [
      sql`update users set anonymized_at = null where id = ${person.id}`,
      sql`update users set anonymized_at = now() - interval '1 day' where id = ${person.id}`,
      sql`update users set name = 'Pessoa Viva' where id = ${person.id}`,
    ];
    for (const revival of revivals) expect(await refusalOf([revival])).toMatch(/erased/);
  });

  it('is refused by the database any update, delete or truncate, except by the retention job', async () => {
    const [event] = await ctx.query<{ id: number }>(sql`select max(id)::int as id from audit_events`);
    const id = event?.id ?? 0;
    const attempts = [
      sql`update audit_events set action = 'forged' where id = ${id}`,
      sql`update audit_changes set after = '{}' where event_id = ${id}`,
      sql`delete from audit_changes where event_id = ${id}`,
      sql`delete from audit_events where id = ${id}`,
      sql`truncate audit_events cascade`,
    ];
    for (const attempt of attempts) {
      const refusal = await ctx.query(attempt).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
      expect(refusal).toMatch(/cannot be changed or removed/);
    }
    expect(await eventsAfter(id - 1)).toHaveLength(1);

    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('scentia.audit_maintenance', 'prune', true)`);
      await tx.execute(sql`delete from audit_changes where event_id = ${id}`);
      await tx.execute(sql`delete from audit_events where id = ${id}`);
    });
    expect(await eventsAfter(id - 1)).toEqual([]);
  });
});
